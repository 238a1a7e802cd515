import FoundationEssentials
import StrataDI
import StrataPluginKit

extension Container {
    /// The context plugin `pluginID` registers through: what it registers is owned by it (private unless it
    /// exports it), and what it resolves, it asks for as itself. The plugin sees the folders as paths (the SDK's
    /// API has no Foundation type).
    public func context(pluginID: String, dataDirectory: URL, libraryDirectory: URL? = nil, settings: PluginSettings) -> PluginContext {
        PluginContext(
            pluginID: pluginID, dataDirectory: dataDirectory.path, libraryDirectory: libraryDirectory?.path, settings: settings,
            registry: BoundContainer(container: self, owner: .plugin(pluginID)))
    }
}

/// The container bound to one plugin as owner and requester: the registry behind that plugin's context.
struct BoundContainer: PluginRegistry {
    let container: Container
    let owner: Owner

    func register<T>(
        _ type: T.Type, name: String?, scope: Scope, exported: Bool,
        factory: @escaping @Sendable (Resolver) throws -> T
    ) throws(DIError) {
        try container.register(type, name: name, scope: scope, owner: owner, isPrivate: !exported, factory: factory)
    }

    func resolve<T>(_ type: T.Type, name: String?) throws(DIError) -> T {
        try container.resolve(type, name: name, requester: owner)
    }
}
