import MoviesDomain
import StrataStorage

/// The recent queries in SQLite: saving a query again (ignoring case and surrounding spaces) moves it to
/// the front with its newest spelling; only the newest `limit` are kept.
public struct SQLiteMoviesQueriesStorage: MoviesQueriesRepository {
    /// The default number of queries kept.
    public static let defaultLimit = 10

    private let database: SQLiteDatabase
    private let limit: Int

    /// Opens the recent queries in `database`, creating its tables if needed.
    /// - Throws: `MoviesError.storage` if the schema can't be applied.
    public init(database: SQLiteDatabase, limit: Int = defaultLimit) throws {
        self.database = database
        self.limit = max(1, limit)
        do { try database.migrate(MoviesDatabaseSchema.migrations) } catch { throw MoviesError.storage("\(error)") }
    }

    public func fetchRecentsQueries(maxCount: Int) async throws -> [MovieQuery] {
        guard maxCount > 0 else { return [] }
        do {
            return try database.query(
                "SELECT query FROM movie_queries ORDER BY saved DESC LIMIT ?",
                [.integer(Int64(maxCount))]
            )
            .map { MovieQuery(query: try $0.string("query")) }
        } catch {
            throw MoviesError.storage("reading the recent queries: \(error)")
        }
    }

    public func saveRecentQuery(query: MovieQuery) async throws {
        let text = query.trimmed
        guard !text.isEmpty else { return }
        do {
            let limit = Int64(limit)
            try database.transaction { transaction in
                try transaction.execute(
                    """
                    INSERT OR REPLACE INTO movie_queries (key, query, saved)
                    VALUES (?, ?, (SELECT COALESCE(MAX(saved), 0) + 1 FROM movie_queries))
                    """, [.text(text.lowercased()), .text(text)])
                try transaction.execute(
                    """
                    DELETE FROM movie_queries WHERE saved <= (
                        SELECT saved FROM movie_queries ORDER BY saved DESC LIMIT 1 OFFSET ?)
                    """, [.integer(limit)])
            }
        } catch {
            throw MoviesError.storage("saving the recent query \"\(text)\": \(error)")
        }
    }
}
