/// What a plugin library's code provides: its registration step.
///
/// Who the plugin is (id, name, version, dependencies, commands, settings) is said once, in its
/// `plugin.json`, which the build links into the library and the host reads before any code runs; the
/// code doesn't say it again.
///
/// The host calls `register(in:)` once, on the main thread, in dependency order, before the container is
/// frozen. An implementation registers its use cases, commands and screen provider there and does no
/// other work (no network, no long I/O): every command of every plugin waits for registration to end.
/// If it throws, everything it registered is removed and the plugin is reported as failed.
public protocol FeaturePlugin: AnyObject, Sendable {
    /// Registers the plugin's services and commands.
    /// - Throws: any error; the host reports the plugin as failed with it and goes on with the others.
    func register(in context: PluginContext) throws
}

/// Who a plugin was, as its code said it before SDK ABI 3. Its `plugin.json` says it now and the host reads
/// nothing of this: it is kept only so that a plugin written before builds, with a warning saying what to do.
@available(*, deprecated, message: "plugin.json says who the plugin is: delete the plugin's `manifest` property")
public struct PluginManifest: Sendable {
    public init(
        id: String, displayName: String, version: String, summary: String, sdkABI: Int = 0,
        dependencies: [String] = []
    ) {}
}
