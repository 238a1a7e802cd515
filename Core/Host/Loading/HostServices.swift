import FoundationEssentials
import StrataDI
import StrataHostKit
import StrataNetworking
import StrataRuntime
import StrataStorage

/// Registers what the host offers every plugin, owned by `host`.
enum HostServices {
    static func register(in container: Container, logger: Logger) throws(DIError) {
        try container.register((any HTTPClient).self, scope: .singleton, owner: .host) { _ in try loadHTTPClient() }
        try container.register((any DatabaseOpener).self, scope: .singleton, owner: .host) { _ in SQLiteDatabaseOpener() }
        try container.register((any WallClock).self, scope: .singleton, owner: .host) { _ in SystemWallClock() }
        try container.register(Logger.self, owner: .host) { resolver in logger.labelled(resolver.requester.name) }
    }
}

/// The HTTP client (`CurlHTTPClient`) from `libStrataURLSession.so`, opened when a plugin first resolves an
/// `HTTPClient`: the host does not link it, so a command that sends no request never loads it (nor libcurl,
/// which the client opens when it sends its first request).
/// The library sits next to `strata` (or wherever the loader finds it).
private func loadHTTPClient() throws -> any HTTPClient {
    let name = "libStrataURLSession.so"
    let beside = "\(executableDirectory())/\(name)"
    let path = FileManager.default.fileExists(atPath: beside) ? beside : name
    let library = try DynamicLibrary(path: path)
    guard let entry = library.symbol("strata_url_session_http_client") else {
        throw PluginFailure.notLoadable("\(path) has no strata_url_session_http_client; rebuild strata")
    }
    let make = unsafeBitCast(entry, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
    let object = Unmanaged<AnyObject>.fromOpaque(make()).takeRetainedValue()
    guard let client = object as? any HTTPClient else {
        throw PluginFailure.notLoadable("\(path) made a \(type(of: object)), which is not an HTTPClient; rebuild strata")
    }
    return client
}

