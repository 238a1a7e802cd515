import StrataBase
import StrataDI
import Synchronization

/// What the host hands a plugin while it registers: its settings, its folders, and the one way to register,
/// resolve and contribute. Registrations are recorded with the plugin as owner; the container itself and
/// the host's operations on it (freezing, removal, registering as another owner) live in StrataHostKit, a
/// library plugins do not link, and the context reaches the container only through a ``PluginRegistry``
/// the host bound to this plugin.
///
/// Host services are registered by the host and resolved with `service(_:)`: `(any HTTPClient).self` and
/// `(any TCPSockets).self` (StrataNetworking), `(any DatabaseOpener).self` (StrataStorage), `(any WallClock).self` and `Logger.self`
/// (StrataRuntime; the logger comes labelled with the plugin id), and `(any UserFiles).self` (here: a file the
/// user typed in a screen, made readable to the plugin, which in a sandboxed helper strata asks the user
/// for). Commands are contributed with
/// `addCommand(_:)`, anything else the host offers with `contribute(_:_:)` (the root screen: `.screen`).
public final class PluginContext: Sendable, CustomReflectable {
    /// The plugin's id.
    public let pluginID: String
    /// The path of the plugin's own folder for databases and files; created before `register(in:)` is called.
    public let dataDirectory: String
    /// The path of the folder of the plugin's library, for files shipped beside it (resource bundles); `nil`
    /// when the plugin was not loaded from a file (an in-process test).
    public let libraryDirectory: String?
    /// The plugin's settings from the config.
    public let settings: PluginSettings
    /// The shared container, bound to this plugin by the host.
    private let registry: any PluginRegistry
    private let contributed = Mutex<[PluginCommand]>([])

    /// Creates a context over `registry` (the host does this, with its container bound to the plugin: see
    /// StrataHostKit's `Container.context(pluginID:dataDirectory:libraryDirectory:settings:)`).
    public init(pluginID: String, dataDirectory: String, libraryDirectory: String? = nil, settings: PluginSettings, registry: any PluginRegistry) {
        self.pluginID = pluginID
        self.dataDirectory = dataDirectory
        self.libraryDirectory = libraryDirectory
        self.settings = settings
        self.registry = registry
    }

    /// Registers a factory owned by this plugin and private to it: only this plugin (and the host, which
    /// opens its screens) can resolve it. See `Container.register`.
    /// - Throws: `DIError.ownedByOther` if another plugin or the host owns the key; `DIError.frozen` after loading.
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = .transient,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) throws(DIError) {
        try registry.register(type, name: name, scope: scope, exported: false, factory: factory)
    }

    /// Registers what this plugin offers other plugins: usually a protocol from a small interface library
    /// that both link, which the other plugins resolve with `service(_:)` after declaring a dependency on
    /// this one. Everything else stays private.
    /// - Throws: as `register`.
    public func export<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = .transient,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) throws(DIError) {
        try registry.register(type, name: name, scope: scope, exported: true, factory: factory)
    }

    /// Resolves a host service, one of this plugin's own registrations, or what another plugin exported,
    /// asking as this plugin.
    /// - Throws: `DIError.notRegistered` naming this plugin as the requester; `DIError.privateRegistration`
    ///   for another plugin's registration that it did not export.
    public func service<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        try registry.resolve(type, name: name)
    }

    /// Contributes to an extension point, keyed by this plugin: `try context.contribute(.screen) { … }`.
    /// The factory runs once, when the host first asks for the contribution.
    /// - Throws: `DIError.ownedByOther` if this plugin already contributed to the point; `DIError.frozen` after loading.
    public func contribute<Contribution>(
        _ point: ExtensionPoint<Contribution>,
        _ factory: @escaping @Sendable (Resolver) throws -> Contribution
    ) throws(DIError) {
        try register(Contribution.self, name: point.key(for: pluginID), scope: .singleton, factory: factory)
    }

    /// Contributes a command. The host routes `strata <path…>` to it once loading has ended.
    /// - Throws: `CommandError.usage` if the path is empty or already contributed by this plugin.
    public func addCommand(_ command: PluginCommand) throws(CommandError) {
        guard !command.path.isEmpty, command.path.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") }) else {
            throw .usage("\(pluginID): a command path needs at least one word and no word may start with '-'")
        }
        let duplicate = contributed.withLock { commands in
            if commands.contains(where: { $0.path == command.path }) { return true }
            commands.append(command)
            return false
        }
        if duplicate { throw .usage("\(pluginID): command '\(command.path.joined(separator: " "))' is contributed twice") }
    }

    /// The commands contributed so far, in order.
    public var commands: [PluginCommand] { contributed.withLock { $0 } }

    /// The plugin's facts, without the registry: the host's container is not to be reached by reflection.
    public var customMirror: Mirror {
        Mirror(self, children: ["pluginID": pluginID, "dataDirectory": dataDirectory, "settings": settings])
    }
}
