import StrataDI

/// The shared container as one plugin's ``PluginContext`` reaches it: bound by the host to that plugin, so
/// everything registered through it is owned by the plugin and every resolution asks as the plugin. The host
/// makes these (StrataHostKit, which plugins do not link); a registry a plugin writes itself reaches nothing
/// of the host's.
public protocol PluginRegistry: Sendable {
    /// Registers a factory owned by the plugin: private to it, or shared with every plugin when `exported`.
    /// - Throws: `DIError.ownedByOther` if another owner holds the key; `DIError.frozen` after loading.
    func register<T>(
        _ type: T.Type, name: String?, scope: Scope, exported: Bool,
        factory: @escaping @Sendable (Resolver) throws -> T) throws(DIError)

    /// Resolves `type` (and `name`) as the plugin.
    /// - Throws: `DIError` as the container does (`notRegistered`, `privateRegistration`, …).
    func resolve<T>(_ type: T.Type, name: String?) throws(DIError) -> T
}
