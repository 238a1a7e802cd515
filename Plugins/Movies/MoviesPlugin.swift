import Foundation
import MoviesPresentation
import StrataPluginKit
import StrataTerminal

/// The Movies feature: search movies in the bundled catalog or on TMDB, page by page, with a response
/// cache and recent queries. `MoviesDIContainer` builds its types; the shared container holds only what
/// crosses the plugin boundary: the screen. No other plugin resolves Movies' use cases (`plugin.json`
/// exports nothing), so they stay in the typed container.
public final class MoviesPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let container = MoviesDIContainer(
            dependencies: .init(
                settings: try context.settings.decode(MoviesSettings.self), dataDirectory: URL(fileURLWithPath: context.dataDirectory, isDirectory: true),
                libraryDirectory: context.libraryDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
                environment: ProcessInfo.processInfo.environment,
                httpClient: { try context.service() }, databaseOpener: { try context.service() }))
        try container.makeMoviesCommands().register(in: context)
        try context.contribute(.screen) { _ in container.makeMoviesScreenProvider() }
    }
}
