import StrataPluginKit

/// What the host knows about one discovered plugin after loading.
struct PluginRecord {
    enum State: String, Codable {
        case loaded, disabled, failed
    }

    let id: String
    let path: String
    var state: State
    var error: String?
    var manifest: PluginManifest?
    var commands: [PluginCommand] = []
}

/// A command the host can route to, with the plugin that contributed it.
struct RoutedCommand {
    let pluginID: String
    let command: PluginCommand
}
