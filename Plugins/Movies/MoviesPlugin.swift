import Foundation
import MoviesData
import MoviesDomain
import MoviesPresentation
import StrataDI
import StrataNetworking
import StrataPluginKit
import StrataStorage
import StrataTerminal

/// The Movies feature: search movies in the bundled catalog or on TMDB, page by page, with a response
/// cache and recent queries. The composition root: the only place that builds Data types.
public final class MoviesPlugin: FeaturePlugin {
    public init() {}

    public func register(in context: PluginContext) throws {
        let settings = try context.settings.decode(MoviesSettings.self)
        try registerData(settings, in: context)
        try registerUseCases(settings, in: context)
        try MoviesCommands(context: context, settings: settings).register()
        try registerScreens(settings, in: context)
    }

    private func registerData(_ settings: MoviesSettings, in context: PluginContext) throws {
        let databaseURL = context.dataDirectory.appendingPathComponent("movies.sqlite")
        let libraryFolders = context.libraryDirectory.map { [$0] } ?? []  // where the catalog's bundle is
        try context.register(SQLiteDatabase.self, scope: .singleton) { resolver in
            try resolver.resolve((any DatabaseOpener).self).open(databaseURL)
        }
        try context.register((any MoviesQueriesRepository).self, scope: .singleton) { resolver in
            try SQLiteMoviesQueriesStorage(database: try resolver.resolve(SQLiteDatabase.self),
                                           limit: settings.recentQueriesLimit)
        }
        try context.register((any MoviesRepository).self, scope: .singleton) { resolver in
            switch settings.source {
            case .catalog:
                return CatalogMoviesRepository(searching: libraryFolders)
            case .tmdb:
                let cache = try SQLiteMoviesResponseStorage(database: try resolver.resolve(SQLiteDatabase.self))
                return TMDBMoviesRepository(client: try resolver.resolve((any HTTPClient).self),
                                            configuration: settings.tmdbConfiguration(environment: ProcessInfo.processInfo.environment), cache: cache)
            }
        }
        let posters = PosterDiskCache(folder: context.dataDirectory.appendingPathComponent("posters"),
                                      byteLimit: settings.posterCacheMegabytes << 20)
        try context.register((any PosterImagesRepository).self, scope: .singleton) { resolver in
            TMDBPosterImagesRepository(client: try resolver.resolve((any HTTPClient).self),
                                       configuration: settings.tmdbConfiguration(environment: ProcessInfo.processInfo.environment),
                                       cache: posters, maxImageBytes: settings.posterMaxMegabytes * 1_000_000)
        }
    }

    private func registerUseCases(_ settings: MoviesSettings, in context: PluginContext) throws {
        try context.register((any SearchMoviesUseCase).self) { resolver in
            DefaultSearchMoviesUseCase(moviesRepository: try resolver.resolve((any MoviesRepository).self),
                                       moviesQueriesRepository: try resolver.resolve((any MoviesQueriesRepository).self))
        }
        try context.register((any FetchRecentMovieQueriesUseCase).self) { resolver in
            DefaultFetchRecentMovieQueriesUseCase(moviesQueriesRepository: try resolver.resolve((any MoviesQueriesRepository).self))
        }
        try context.register((any FetchMovieDetailsUseCase).self) { resolver in
            DefaultFetchMovieDetailsUseCase(moviesRepository: try resolver.resolve((any MoviesRepository).self))
        }
    }

    private func registerScreens(_ settings: MoviesSettings, in context: PluginContext) throws {
        try context.contribute(.screen) { _ in
            MoviesScreenProvider {
                MoviesSceneDependencies(
                    searchMoviesUseCase: try context.service((any SearchMoviesUseCase).self),
                    fetchRecentMovieQueriesUseCase: try context.service((any FetchRecentMovieQueriesUseCase).self),
                    posterImagesRepository: try context.service((any PosterImagesRepository).self),
                    posterURL: { [tmdb = settings.tmdbConfiguration(environment: [:])] in tmdb.posterURL($0, width: 500) },
                    recentQueriesLimit: settings.recentQueriesLimit)
            }
        }
    }
}
