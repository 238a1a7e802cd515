import StrataPluginKit

/// What the host knows about one discovered plugin after loading.
struct PluginRecord {
    enum State: String, Codable {
        /// Known from its descriptor, not loaded yet: it loads when one of its commands or screens is used.
        case enabled
        /// Loaded and registered in this process.
        case loaded
        /// Turned off in the config; its library is never opened.
        case disabled
        /// Can't be used: the error says why.
        case failed
        /// Built for another SDK or Swift, or needs SDK symbols this strata lacks; never opened.
        case incompatible
        /// Crashed strata before; skipped until its file changes or `plugins retry`.
        case crashed
        /// Did not finish loading in time before; skipped like a crashed one.
        case timedOut = "timed out"
    }

    let id: String
    let path: String
    var state: State
    var error: String?
    /// Failed because the config's settings for it break its declarations: a config error (exit 2).
    var hasBadSettings = false
    /// What its descriptor says (``PluginCatalog/Entry/described``).
    var described: DescribedPlugin?
    /// The file that was judged before loading (``DiscoveredPlugin/identity``).
    var identity: FileIdentity?
    var commands: [PluginCommand] = []
    /// How long `dlopen`, the ABI checks and the entry point took in this process.
    var loadTime: Duration?
    /// How long `register(in:)` took.
    var registerTime: Duration?

    /// What listing and routing need of its descriptor.
    var facts: PluginFacts? { described?.facts }

    /// Its full descriptor, parsed on first use.
    var descriptor: PluginDescriptor? { described?.descriptor }
}

/// A command the host can route to, with the plugin that contributed it.
struct RoutedCommand {
    let pluginID: String
    let command: PluginCommand
}
