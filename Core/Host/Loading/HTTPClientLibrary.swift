import FoundationEssentials
import StrataNetworking

/// The HTTP client (`CurlHTTPClient`) from `libStrataURLSession.so`, opened when a plugin first resolves an
/// `HTTPClient` (the `http` of the host's ``HostServices``): the host does not link it, so a command that
/// sends no request never loads it (nor libcurl, which the client opens when it sends its first request).
/// The library sits next to `strata` (or wherever the loader finds it).
func loadHTTPClient() throws -> any HTTPClient {
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
