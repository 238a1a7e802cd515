import MoviesDomain
import Synchronization
import Testing

/// A movies repository that answers every search with the same updates, then an optional error, and each
/// movie it was given by id. `requests` records each (query, page) asked for. A search when neither updates
/// nor an error were given, or a movie it wasn't given, fails the test: the test didn't expect that call.
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
        if updates.isEmpty && failure == nil {
            Issue.record("StubMoviesRepository: unexpected search for \"\(query.query)\" page \(page); the test gave no answer")
        }
        let updates = updates, failure = failure
        return AsyncThrowingStream { continuation in
            updates.forEach { continuation.yield($0) }
            continuation.finish(throwing: failure)
        }
    }

    public func fetchMovie(id: Int) async throws -> Movie {
        guard let movie = movies[id] else {
            Issue.record("StubMoviesRepository: unexpected fetchMovie(id: \(id)); the test gave no such movie")
            throw MoviesError.movieNotFound(id: id, source: "stub")
        }
        return movie
    }
}
