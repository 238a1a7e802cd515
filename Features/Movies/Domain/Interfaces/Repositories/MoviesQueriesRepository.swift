/// The queries a person searched for, newest first.
public protocol MoviesQueriesRepository: Sendable {
    /// Up to `maxCount` queries, newest first, without duplicates.
    /// - Throws: `MoviesError.storage`.
    func fetchRecentsQueries(maxCount: Int) async throws -> [MovieQuery]

    /// Saves `query` as the newest; saving a query again moves it to the front instead of repeating it.
    /// - Throws: `MoviesError.storage`.
    func saveRecentQuery(query: MovieQuery) async throws
}
