/// Finds movies in one source (TMDB or the bundled catalog).
public protocol MoviesRepository: Sendable {
    /// Searches `query` and delivers page `page`: first `.cached` when an earlier answer was saved, then
    /// `.fresh` with the source's answer, then the stream ends. If the source fails, the stream throws a
    /// `MoviesError` after any cached page. Ending the iteration cancels the request.
    func fetchMoviesList(query: MovieQuery, page: Int) -> AsyncThrowingStream<MoviesPageUpdate, any Error>

    /// The movie with `id`.
    /// - Throws: `MoviesError.movieNotFound`, or another `MoviesError` when the source fails.
    func fetchMovie(id: Int) async throws -> Movie
}
