import Foundation
import MoviesData
import MoviesDomain
import MoviesPresentation
import StrataNetworking
import StrataPluginKit
import StrataStorage

/// Movies' typed composition root (kudoleh's `MoviesSceneDIContainer`): the only place that builds its Data
/// types. Each repository is made once, on first use; each use case, the scenes and the commands are made
/// by a `make…` factory over them. Nothing here is in the shared container: only the screen is.
final class MoviesDIContainer: Sendable {
    /// What the container is given: the settings, the plugin's folders and the host services, resolved only
    /// when first needed (registration runs for every command, and an HTTP client or a database costs
    /// start-up time).
    struct Dependencies: Sendable {
        let settings: MoviesSettings
        let dataDirectory: URL
        /// The folder of the catalog's bundle; `nil` in an in-process test, which searches the usual places.
        let libraryDirectory: URL?
        /// The process environment, where the TMDB key is read.
        let environment: [String: String]
        let httpClient: @Sendable () throws -> any HTTPClient
        let databaseOpener: @Sendable () throws -> any DatabaseOpener
    }

    let dependencies: Dependencies
    private let database = LazySingleton<SQLiteDatabase>()
    private let moviesQueriesRepository = LazySingleton<any MoviesQueriesRepository>()
    private let moviesRepository = LazySingleton<any MoviesRepository>()
    private let posterImagesRepository = LazySingleton<any PosterImagesRepository>()

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    private var settings: MoviesSettings { dependencies.settings }

    private var tmdb: TMDBConfiguration { settings.tmdbConfiguration(environment: dependencies.environment) }

    // MARK: Use cases

    func makeSearchMoviesUseCase() throws -> any SearchMoviesUseCase {
        DefaultSearchMoviesUseCase(moviesRepository: try makeMoviesRepository(), moviesQueriesRepository: try makeMoviesQueriesRepository())
    }

    func makeFetchRecentMovieQueriesUseCase() throws -> any FetchRecentMovieQueriesUseCase {
        DefaultFetchRecentMovieQueriesUseCase(moviesQueriesRepository: try makeMoviesQueriesRepository())
    }

    func makeFetchMovieDetailsUseCase() throws -> any FetchMovieDetailsUseCase {
        DefaultFetchMovieDetailsUseCase(moviesRepository: try makeMoviesRepository())
    }

    // MARK: Repositories, each made once

    func makeMoviesRepository() throws -> any MoviesRepository {
        try moviesRepository {
            switch settings.source {
            case .catalog:
                return CatalogMoviesRepository(searching: dependencies.libraryDirectory.map { [$0] } ?? [])
            case .tmdb:
                return TMDBMoviesRepository(
                    client: try dependencies.httpClient(), configuration: tmdb,
                    cache: try SQLiteMoviesResponseStorage(database: try makeDatabase()))
            }
        }
    }

    func makeMoviesQueriesRepository() throws -> any MoviesQueriesRepository {
        try moviesQueriesRepository {
            try SQLiteMoviesQueriesStorage(database: try makeDatabase(), limit: settings.recentQueriesLimit)
        }
    }

    func makePosterImagesRepository() throws -> any PosterImagesRepository {
        try posterImagesRepository {
            let posters = PosterDiskCache(
                folder: dependencies.dataDirectory.appendingPathComponent("posters"),
                byteLimit: settings.posterCacheMegabytes << 20)
            return TMDBPosterImagesRepository(
                client: try dependencies.httpClient(), configuration: tmdb, cache: posters,
                maxImageBytes: settings.posterMaxMegabytes * 1_000_000)
        }
    }

    /// `movies.sqlite` in the data folder: recent queries and TMDB's cached pages.
    func makeDatabase() throws -> SQLiteDatabase {
        try database { try dependencies.databaseOpener().open(dependencies.dataDirectory.appendingPathComponent("movies.sqlite").path) }
    }

    // MARK: Scenes and commands

    func makeMoviesSceneDependencies() throws -> MoviesSceneDependencies {
        MoviesSceneDependencies(
            searchMoviesUseCase: try makeSearchMoviesUseCase(),
            fetchRecentMovieQueriesUseCase: try makeFetchRecentMovieQueriesUseCase(),
            posterImagesRepository: try makePosterImagesRepository(),
            posterURL: { [tmdb = settings.tmdbConfiguration(environment: [:])] in tmdb.posterURL($0, width: 500) },
            recentQueriesLimit: settings.recentQueriesLimit)
    }

    func makeMoviesScreenProvider() -> MoviesScreenProvider {
        MoviesScreenProvider { [self] in try makeMoviesSceneDependencies() }
    }

    func makeMoviesCommands() -> MoviesCommands {
        MoviesCommands(container: self, settings: settings)
    }
}
