/// Lists the queries searched most recently, for the suggestions under the search field.
public protocol FetchRecentMovieQueriesUseCase: Sendable {
    /// Up to `requestValue.maxCount` queries, newest first.
    /// - Throws: `MoviesError.storage`.
    func execute(requestValue: FetchRecentMovieQueriesUseCaseRequestValue) async throws -> [MovieQuery]
}

/// How many recent queries to list.
public struct FetchRecentMovieQueriesUseCaseRequestValue: Sendable, Hashable {
    public let maxCount: Int

    public init(maxCount: Int) {
        self.maxCount = maxCount
    }
}

/// Reads the recent queries from a `MoviesQueriesRepository`.
public struct DefaultFetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase {
    private let moviesQueriesRepository: any MoviesQueriesRepository

    public init(moviesQueriesRepository: any MoviesQueriesRepository) {
        self.moviesQueriesRepository = moviesQueriesRepository
    }

    public func execute(requestValue: FetchRecentMovieQueriesUseCaseRequestValue) async throws -> [MovieQuery] {
        guard requestValue.maxCount > 0 else { return [] }
        return try await moviesQueriesRepository.fetchRecentsQueries(maxCount: requestValue.maxCount)
    }
}
