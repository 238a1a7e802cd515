import Foundation
import RunningPresentation
import StrataPluginKit
import StrataTerminal

/// The Running feature (MateRunner on Linux): solo, ghost and live runs over GPX tracks, with a history.
/// `RunningDIContainer` builds its types; the shared container holds only what crosses the plugin
/// boundary: the screen. No other plugin resolves Running's use cases (`plugin.json` exports nothing), so
/// they stay in the typed container.
public final class RunningPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let container = RunningDIContainer(
            dependencies: .init(
                settings: try context.settings.decode(RunningSettings.self), dataDirectory: URL(fileURLWithPath: context.dataDirectory, isDirectory: true),
                environment: ProcessInfo.processInfo.environment,
                databaseOpener: { try context.service() }, wallClock: { try context.service() }, sockets: { try context.service() },
                isSandboxed: context.isSandboxed, userFiles: { try context.service() }))
        try context.contribute(.screen) { _ in try container.makeRunningScreenProvider() }
        try container.makeRunningCommands().register(in: context)
    }
}
