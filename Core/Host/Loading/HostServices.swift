import StrataDI
import StrataNetworking
import StrataRuntime
import StrataStorage

/// Registers what the host offers every plugin, owned by `host`.
enum HostServices {
    static func register(in container: Container, logger: Logger) throws(DIError) {
        try container.register((any HTTPClient).self, scope: .singleton) { _ in URLSessionHTTPClient() }
        try container.register((any DatabaseOpener).self, scope: .singleton) { _ in SQLiteDatabaseOpener() }
        try container.register((any WallClock).self, scope: .singleton) { _ in SystemWallClock() }
        try container.register(Logger.self) { resolver in logger.labelled(resolver.requester.name) }
    }
}
