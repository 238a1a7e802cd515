import Foundation
import MoviesDomain
import StrataStorage

/// The response cache in SQLite: one row per (source, query, page, language), at most `capacity` rows;
/// saving past the capacity evicts the pages saved longest ago.
public struct SQLiteMoviesResponseStorage: MoviesResponseStorage {
    /// The default bound: 500 pages of 20 movies.
    public static let defaultCapacity = 500

    private let database: SQLiteDatabase
    private let capacity: Int

    /// Opens the cache in `database`, creating its tables if needed.
    /// - Throws: `MoviesError.storage` if the schema can't be applied.
    public init(database: SQLiteDatabase, capacity: Int = defaultCapacity) throws {
        self.database = database
        self.capacity = max(1, capacity)
        do { try database.migrate(MoviesDatabaseSchema.migrations) } catch { throw MoviesError.storage("\(error)") }
    }

    public func page(for key: MoviesResponseKey) throws -> MoviesPage? {
        do {
            let rows = try database.query(
                """
                SELECT total_pages, movies FROM movies_responses
                WHERE source = ? AND query = ? AND page = ? AND language = ?
                """, [.text(key.source), .text(key.query), .integer(Int64(key.page)), .text(key.language)])
            guard let row = rows.first else { return nil }
            let records = try JSONDecoder().decode([CachedMovie].self, from: Data(try row.string("movies").utf8))
            return MoviesPage(page: key.page, totalPages: try row.int("total_pages"), movies: records.map(\.movie))
        } catch {
            throw MoviesError.storage("reading the cached page \(key.page) of \"\(key.query)\": \(error)")
        }
    }

    public func save(_ page: MoviesPage, for key: MoviesResponseKey) throws {
        do {
            let movies = String(decoding: try JSONEncoder().encode(page.movies.map(CachedMovie.init)), as: UTF8.self)
            let capacity = Int64(capacity)
            try database.transaction { transaction in
                try transaction.execute(
                    """
                    INSERT OR REPLACE INTO movies_responses (source, query, page, language, total_pages, movies, saved)
                    VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(saved), 0) + 1 FROM movies_responses))
                    """,
                    [
                        .text(key.source), .text(key.query), .integer(Int64(key.page)), .text(key.language),
                        .integer(Int64(page.totalPages)), .text(movies),
                    ])
                try transaction.execute(
                    """
                    DELETE FROM movies_responses WHERE saved <= (
                        SELECT saved FROM movies_responses ORDER BY saved DESC LIMIT 1 OFFSET ?)
                    """, [.integer(capacity)])
            }
        } catch {
            throw MoviesError.storage("saving page \(key.page) of \"\(key.query)\": \(error)")
        }
    }

    /// The number of pages saved.
    /// - Throws: `MoviesError.storage`.
    public func count() throws -> Int {
        do { return try database.query("SELECT COUNT(*) AS n FROM movies_responses").first?.int("n") ?? 0 } catch {
            throw MoviesError.storage("\(error)")
        }
    }
}

/// A movie as the cache stores it (JSON in the `movies` column).
private struct CachedMovie: Codable {
    let id: Int
    let title: String
    let overview: String
    let posterPath: String?
    let releaseDate: String?
    /// Absent in pages cached before they were kept.
    let genre: String?, runtimeMinutes: Int?, rating: Double?

    init(_ movie: Movie) {
        id = movie.id
        title = movie.title
        overview = movie.overview
        posterPath = movie.posterPath
        releaseDate = movie.releaseDate.map(ReleaseDay.text(from:))
        genre = movie.genre
        runtimeMinutes = movie.runtimeMinutes
        rating = movie.rating
    }

    var movie: Movie {
        Movie(
            id: id, title: title, overview: overview, posterPath: posterPath,
            releaseDate: releaseDate.flatMap(ReleaseDay.date(from:)), genre: genre, runtimeMinutes: runtimeMinutes,
            rating: rating)
    }
}
