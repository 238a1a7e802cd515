import BlocksPresentation
import FoundationEssentials
import StrataPluginKit
import StrataTerminal

/// The Blocks feature (Tempus on Linux): blocks of the day, daily schedules and focus timers, one running at a
/// time. `BlocksDIContainer` builds its types; the shared container holds only what crosses the plugin
/// boundary: the screen. No other plugin resolves Blocks' use cases (`plugin.json` exports nothing), so
/// they stay in the typed container.
public final class BlocksPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let container = BlocksDIContainer(
            dependencies: .init(
                settings: try context.settings.decode(BlocksSettings.self), dataDirectory: URL(fileURLWithPath: context.dataDirectory, isDirectory: true),
                environment: ProcessInfo.processInfo.environment,
                databaseOpener: { try context.service() }, wallClock: { try context.service() }))
        try context.contribute(.screen) { _ in try container.makeBlocksScreenProvider() }
        try container.makeBlocksCommands().register(in: context)
    }
}
