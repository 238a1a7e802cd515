import MoviesDomain
import Synchronization

/// Recent queries in memory, with the same rules as the SQLite storage: saving again moves a query to the
/// front (ignoring case), at most `limit` are kept. `savedQueries` records every save, in order.
public final class InMemoryMoviesQueriesRepository: MoviesQueriesRepository {
    private struct State {
        var queries: [MovieQuery] = []
        var saved: [MovieQuery] = []
    }

    private let state: Mutex<State>
    private let limit: Int
    private let failure: MoviesError?

    /// - Parameters:
    ///   - queries: the recent queries, newest first.
    ///   - failure: when set, every call throws it.
    public init(queries: [MovieQuery] = [], limit: Int = 10, failure: MoviesError? = nil) {
        state = Mutex(State(queries: queries))
        self.limit = limit
        self.failure = failure
    }

    /// Every query saved, oldest first, duplicates kept.
    public var savedQueries: [MovieQuery] { state.withLock { $0.saved } }

    public func fetchRecentsQueries(maxCount: Int) async throws -> [MovieQuery] {
        if let failure { throw failure }
        return state.withLock { Array($0.queries.prefix(maxCount)) }
    }

    public func saveRecentQuery(query: MovieQuery) async throws {
        if let failure { throw failure }
        state.withLock { state in
            state.saved.append(query)
            state.queries.removeAll { $0.trimmed.lowercased() == query.trimmed.lowercased() }
            state.queries.insert(MovieQuery(query: query.trimmed), at: 0)
            state.queries = Array(state.queries.prefix(limit))
        }
    }
}
