import StrataDI
import StrataHostKit
import StrataNetworking
import StrataPluginKit
import StrataRuntime
import StrataStorage

/// What the host offers every plugin, owned by `host`: the HTTP client, TCP sockets, the database opener, the
/// wall clock, a logger labelled with the requester's name, and the files the user types (``InProcessUserFiles``;
/// a sandboxed helper registers its own over these two). `strata` and `PluginTestHost` register them here, each
/// with its own clock, log and HTTP client.
public struct HostServices: Sendable {
    /// Makes the HTTP client when a plugin first resolves `HTTPClient`; `nil` leaves it unregistered.
    public var http: (@Sendable () throws -> any HTTPClient)?
    public var clock: any WallClock
    /// The logger for a requester's name.
    public var logger: @Sendable (String) -> Logger
    public var databases: any DatabaseOpener

    public init(
        http: (@Sendable () throws -> any HTTPClient)?, clock: any WallClock, logger: @escaping @Sendable (String) -> Logger,
        databases: any DatabaseOpener = SQLiteDatabaseOpener()
    ) {
        self.http = http
        self.clock = clock
        self.logger = logger
        self.databases = databases
    }

    /// Registers the services in `container`, owned by the host.
    /// - Throws: `DIError` if the container is frozen or already holds one of them.
    public func register(in container: Container) throws(DIError) {
        if let http {
            try container.register((any HTTPClient).self, scope: .singleton, owner: .host) { _ in try http() }
        }
        let databases = self.databases, clock = self.clock, logger = self.logger
        try container.register((any DatabaseOpener).self, scope: .singleton, owner: .host) { _ in databases }
        try container.register((any WallClock).self, scope: .singleton, owner: .host) { _ in clock }
        try container.register((any TCPSockets).self, scope: .singleton, owner: .host) { _ in KernelTCPSockets() }
        try container.register(Logger.self, owner: .host) { resolver in logger(resolver.requester.name) }
        try container.register((any UserFiles).self, scope: .singleton, owner: .host) { _ in InProcessUserFiles() }
    }
}
