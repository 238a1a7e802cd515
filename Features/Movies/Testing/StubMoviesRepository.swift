import MoviesDomain
import Synchronization

/// A movies repository that answers every search with the same updates, then an optional error.
/// `requests` records each (query, page) asked for.
public final class StubMoviesRepository: MoviesRepository {
    private let updates: [MoviesPageUpdate]
    private let failure: (any Error)?
    private let movies: [Int: Movie]
    private let recorded = Mutex<[SearchMoviesUseCaseRequestValue]>([])

    public init(updates: [MoviesPageUpdate], failure: (any Error)? = nil, movies: [Movie] = []) {
        self.updates = updates
        self.failure = failure
        self.movies = Dictionary(movies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The searches asked for, in order.
    public var requests: [SearchMoviesUseCaseRequestValue] { recorded.withLock { $0 } }

    public func fetchMoviesList(query: MovieQuery, page: Int) -> AsyncThrowingStream<MoviesPageUpdate, any Error> {
        recorded.withLock { $0.append(SearchMoviesUseCaseRequestValue(query: query, page: page)) }
        let updates = updates, failure = failure
        return AsyncThrowingStream { continuation in
            updates.forEach { continuation.yield($0) }
            continuation.finish(throwing: failure)
        }
    }

    public func fetchMovie(id: Int) async throws -> Movie {
        guard let movie = movies[id] else { throw MoviesError.movieNotFound(id: id, source: "stub") }
        return movie
    }
}
