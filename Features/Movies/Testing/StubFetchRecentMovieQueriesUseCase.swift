import MoviesDomain
import Synchronization

/// Answers with fixed recent queries; records the `maxCount` of each call.
public final class StubFetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase {
    private let queries: [MovieQuery]
    private let counts = Mutex<[Int]>([])

    public init(queries: [MovieQuery]) {
        self.queries = queries
    }

    /// The `maxCount` of every call, in order.
    public var requestedCounts: [Int] { counts.withLock { $0 } }

    public func execute(requestValue: FetchRecentMovieQueriesUseCaseRequestValue) async throws -> [MovieQuery] {
        counts.withLock { $0.append(requestValue.maxCount) }
        return Array(queries.prefix(requestValue.maxCount))
    }
}
