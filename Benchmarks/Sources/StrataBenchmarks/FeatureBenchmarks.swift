import BlocksData
import BlocksDomain
import Foundation
import MoviesData
import MoviesDomain
import StrataStorage

/// The feature rows: measured in process on the features' own Data layers.
enum FeatureBenchmarks {
    /// Movies: a catalog search (3,200 films, ranked) and a cached page read back from SQLite.
    static func movies(folder parent: URL) async throws -> String {
        let catalog = CatalogMoviesRepository()
        func search(_ text: String) async throws -> MoviesPage? {
            var last: MoviesPage?
            for try await update in catalog.fetchMoviesList(query: MovieQuery(query: text), page: 1) { last = update.page }
            return last
        }
        guard let page = try await search("the") else { return "Movies: the catalog search returned nothing.\n" }
        var searches: [Double] = []
        for _ in 0..<30 {
            let start = now()
            _ = try await search("the")
            searches.append(Double(now() - start) / 1e3)
        }
        let folder = parent.appendingPathComponent("movies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteMoviesResponseStorage(database: SQLiteDatabase(path: folder.appendingPathComponent("movies.sqlite").path))
        let key = MoviesResponseKey(source: "catalog", query: "the", page: 1, language: "en-US")
        try storage.save(page, for: key)
        let reads = measure(repeats: 15, operations: 200) { for _ in 0..<200 { blackHole(try? storage.page(for: key)) } }
        return """
        | Movies | µs, median (min–max) |
        |---|---|
        | catalog search "the", page 1 of \(page.totalPages) (3,200 films, ranked) | \(Stats(samples: searches).formatted()) |
        | cached page (20 movies) read from SQLite | \(Stats(samples: reads.samples.map { $0 / 1e3 }).formatted()) |

        """
    }

    /// Lists 10,000 blocks five times, for a profiler.
    static func profileBlockListing(folder: URL) throws {
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("profile-\(UUID().uuidString).sqlite").path)
        let repository = try SQLiteBlockRepository(database: database)
        try repository.create(contentsOf: (0..<10_000).map { Block(title: "Block \($0)", length: .four, createdAt: Date(timeIntervalSince1970: Double($0))) })
        for _ in 0..<5 { blackHole(try repository.fetchAll()) }
    }

    /// Blocks: 10,000 inserts in one transaction into a fresh file, then listing them all.
    static func blocks(folder parent: URL) throws -> String {
        let folder = parent.appendingPathComponent("blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocks = (0..<10_000).map { Block(title: "Block \($0)", length: .four, createdAt: Date(timeIntervalSince1970: Double($0))) }
        var inserts: [Double] = [], lists: [Double] = []
        for run in 0..<8 {
            let database = try SQLiteDatabase(path: folder.appendingPathComponent("blocks-\(run).sqlite").path)
            let repository = try SQLiteBlockRepository(database: database)
            var start = now()
            try repository.create(contentsOf: blocks)
            let inserted = Double(now() - start) / 1e6
            start = now()
            let listed = try repository.fetchAll()
            let listing = Double(now() - start) / 1e6
            precondition(listed.count == blocks.count)
            if run > 0 { inserts.append(inserted); lists.append(listing) }
        }
        return """
        | Blocks, SQLite file (WAL) | ms, median (min–max) | goal |
        |---|---|---|
        | insert 10,000 blocks in one transaction | \(Stats(samples: inserts).formatted()) | < 100 ms |
        | list 10,000 blocks | \(Stats(samples: lists).formatted()) | < 20 ms |

        """
    }
}
