/// Searches movies and remembers the queries that found something.
public protocol SearchMoviesUseCase: Sendable {
    /// Delivers the cached page first when there is one, then the fresh page; the stream throws a
    /// `MoviesError` when the source fails. Ending the iteration cancels the search.
    func execute(requestValue: SearchMoviesUseCaseRequestValue) -> AsyncThrowingStream<MoviesPageUpdate, any Error>
}

/// What to search: the query and the page (from 1).
public struct SearchMoviesUseCaseRequestValue: Sendable, Hashable {
    public let query: MovieQuery
    public let page: Int

    public init(query: MovieQuery, page: Int) {
        self.query = query
        self.page = page
    }
}

/// Searches through a `MoviesRepository` and saves the query to the recent queries only once the source
/// (TMDB or the catalog) has answered: a failed search, or a cached page alone, saves nothing.
public struct DefaultSearchMoviesUseCase: SearchMoviesUseCase {
    private let moviesRepository: any MoviesRepository
    private let moviesQueriesRepository: any MoviesQueriesRepository

    public init(moviesRepository: any MoviesRepository, moviesQueriesRepository: any MoviesQueriesRepository) {
        self.moviesRepository = moviesRepository
        self.moviesQueriesRepository = moviesQueriesRepository
    }

    public func execute(requestValue: SearchMoviesUseCaseRequestValue) -> AsyncThrowingStream<MoviesPageUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<MoviesPageUpdate, any Error>.makeStream()
        let moviesRepository = moviesRepository, moviesQueriesRepository = moviesQueriesRepository
        let task = Task {
            do {
                for try await update in moviesRepository.fetchMoviesList(query: requestValue.query, page: requestValue.page) {
                    if update.isFresh {
                        // Recent queries are a convenience: failing to save one must not fail the search.
                        try? await moviesQueriesRepository.saveRecentQuery(query: requestValue.query)
                    }
                    continuation.yield(update)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
