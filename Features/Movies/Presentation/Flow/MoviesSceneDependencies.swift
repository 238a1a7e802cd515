import Foundation
import MoviesDomain
import StrataTerminal

/// What the movies screens need, resolved when the feature is opened.
public struct MoviesSceneDependencies: Sendable {
    public let searchMoviesUseCase: any SearchMoviesUseCase
    public let fetchRecentMovieQueriesUseCase: any FetchRecentMovieQueriesUseCase
    public let posterImagesRepository: any PosterImagesRepository
    /// A poster's address by its path, shown where the terminal can't draw it.
    public let posterURL: @Sendable (String) -> URL
    /// How many recent queries the suggestions show.
    public let recentQueriesLimit: Int

    public init(
        searchMoviesUseCase: any SearchMoviesUseCase, fetchRecentMovieQueriesUseCase: any FetchRecentMovieQueriesUseCase,
        posterImagesRepository: any PosterImagesRepository, posterURL: @escaping @Sendable (String) -> URL,
        recentQueriesLimit: Int = 10
    ) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.posterImagesRepository = posterImagesRepository
        self.posterURL = posterURL
        self.recentQueriesLimit = recentQueriesLimit
    }
}
