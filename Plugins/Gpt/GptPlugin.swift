import Foundation
import GptPresentation
import StrataPluginKit
import StrataTerminal

/// LuckyVicky on Strata: a persona reframes the user's trouble through an OpenAI-compatible chat API,
/// a few times a day. `GptDIContainer` builds its types; the shared container holds only what crosses the
/// plugin boundary: the screen. No other plugin resolves LuckyVicky's use cases (`plugin.json` exports
/// nothing), so they stay in the typed container.
public final class GptPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let container = GptDIContainer(
            dependencies: .init(
                settings: try context.settings.decode(GptSettings.self), dataDirectory: URL(fileURLWithPath: context.dataDirectory, isDirectory: true),
                libraryDirectory: context.libraryDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
                environment: ProcessInfo.processInfo.environment,
                httpClient: { try context.service() }, databaseOpener: { try context.service() },
                wallClock: { try context.service() }))
        try context.contribute(.screen) { _ in try container.makeGptScreenProvider() }
        try container.makeGptCommands().register(in: context)
    }
}
