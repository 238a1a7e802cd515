import Foundation
import MoviesData
import MoviesDomain
import MoviesTesting
import StrataStorage
import Testing

@Suite struct SQLiteMoviesResponseStorageTests {
    private func key(_ query: String, page: Int = 1, source: String = "tmdb", language: String = "en-US") -> MoviesResponseKey {
        MoviesResponseKey(source: source, query: query, page: page, language: language)
    }

    @Test func savedPageRoundTripsWithDatesAndMissingPosters() throws {
        let storage = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase.inMemory())
        let page = MoviesPage(page: 2, totalPages: 7, movies: [
            Movie(id: 550, title: "Fight Club", overview: "…", posterPath: nil, releaseDate: Date(timeIntervalSince1970: 939_945_600)),
            Movie(id: 973534, title: "Undated", overview: "", posterPath: "/p.jpg", releaseDate: nil),
        ])
        try storage.save(page, for: key("fight club", page: 2))
        #expect(try storage.page(for: key("Fight Club", page: 2)) == page)
    }

    @Test func keysSeparateSourceQueryPageAndLanguage() throws {
        let storage = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase.inMemory())
        try storage.save(.stub(page: 1, totalPages: 1, ids: [1]), for: key("dune"))
        #expect(try storage.page(for: key("dune", source: "catalog")) == nil)
        #expect(try storage.page(for: key("dune", page: 2)) == nil)
        #expect(try storage.page(for: key("dune", language: "de-DE")) == nil)
        #expect(try storage.page(for: key("dunes")) == nil)
        #expect(try storage.page(for: key(" DUNE ")) != nil)
    }

    @Test func savingAgainReplacesThePage() throws {
        let storage = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase.inMemory())
        try storage.save(.stub(page: 1, totalPages: 1, ids: [1]), for: key("dune"))
        try storage.save(.stub(page: 1, totalPages: 3, ids: [2, 3]), for: key("dune"))
        #expect(try storage.page(for: key("dune"))?.movies.map(\.id) == [2, 3])
        #expect(try storage.count() == 1)
    }

    @Test func savingPastTheCapacityEvictsTheOldestPages() throws {
        let storage = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase.inMemory(), capacity: 3)
        for query in ["a", "b", "c"] { try storage.save(.stub(page: 1, totalPages: 1, ids: [1]), for: key(query)) }
        try storage.save(.stub(page: 1, totalPages: 1, ids: [2]), for: key("a")) // "a" becomes the newest
        try storage.save(.stub(page: 1, totalPages: 1, ids: [1]), for: key("d"))
        #expect(try storage.count() == 3)
        #expect(try storage.page(for: key("b")) == nil)
        #expect(try storage.page(for: key("a")) != nil && storage.page(for: key("c")) != nil && storage.page(for: key("d")) != nil)
        #expect(SQLiteMoviesResponseStorage.defaultCapacity == 500)
    }

    @Test func theCacheSurvivesReopeningTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("movies.sqlite").path
        do {
            let storage = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase(path: path))
            try storage.save(.stub(page: 1, totalPages: 1, ids: [9]), for: key("dune"))
        }
        let reopened = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase(path: path))
        #expect(try reopened.page(for: key("dune"))?.movies.map(\.id) == [9])
    }
}

@Suite struct SQLiteMoviesQueriesStorageTests {
    @Test func recentQueriesAreNewestFirstAndDeduplicated() async throws {
        let storage = try SQLiteMoviesQueriesStorage(database: try SQLiteDatabase.inMemory())
        for text in ["dune", "alien", "Dune ", "heat"] { try await storage.saveRecentQuery(query: MovieQuery(query: text)) }
        #expect(try await storage.fetchRecentsQueries(maxCount: 10).map(\.query) == ["heat", "Dune", "alien"])
    }

    @Test func onlyTheNewestTenAreKept() async throws {
        let storage = try SQLiteMoviesQueriesStorage(database: try SQLiteDatabase.inMemory())
        for number in 1...12 { try await storage.saveRecentQuery(query: MovieQuery(query: "q\(number)")) }
        let all = try await storage.fetchRecentsQueries(maxCount: 100).map(\.query)
        #expect(all == (3...12).reversed().map { "q\($0)" })
        #expect(try await storage.fetchRecentsQueries(maxCount: 2).map(\.query) == ["q12", "q11"])
    }

    @Test func theLimitComesFromTheSettings() async throws {
        let storage = try SQLiteMoviesQueriesStorage(database: try SQLiteDatabase.inMemory(), limit: 3)
        for number in 1...5 { try await storage.saveRecentQuery(query: MovieQuery(query: "q\(number)")) }
        #expect(try await storage.fetchRecentsQueries(maxCount: 10).map(\.query) == ["q5", "q4", "q3"])
    }

    @Test func blankQueriesAreNotSaved() async throws {
        let storage = try SQLiteMoviesQueriesStorage(database: try SQLiteDatabase.inMemory())
        try await storage.saveRecentQuery(query: MovieQuery(query: "   "))
        #expect(try await storage.fetchRecentsQueries(maxCount: 10).isEmpty)
    }

    @Test func cacheAndQueriesShareOneDatabaseFile() async throws {
        let database = try SQLiteDatabase.inMemory()
        let queries = try SQLiteMoviesQueriesStorage(database: database)
        let cache = try SQLiteMoviesResponseStorage(database: database)
        try await queries.saveRecentQuery(query: MovieQuery(query: "dune"))
        try cache.save(.stub(page: 1, totalPages: 1, ids: [1]), for: MoviesResponseKey(source: "tmdb", query: "dune", page: 1, language: "en"))
        #expect(try await queries.fetchRecentsQueries(maxCount: 1).map(\.query) == ["dune"])
        #expect(try cache.count() == 1)
    }
}
