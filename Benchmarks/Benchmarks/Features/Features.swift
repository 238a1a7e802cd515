// The feature rows on package-benchmark, measured in process on the features' own Data layers: Blocks'
// SQLite repository (bulk insert and listing) and Movies' offline catalog search and response cache.
import Benchmark
import BlocksData
import BlocksDomain
import CSQLiteFloor
import Foundation
import MoviesData
import MoviesDomain
import StrataStorage

/// A fresh folder for each database, removed when the process ends.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-features-\(UUID().uuidString)")

func freshDatabase(_ name: String) throws -> SQLiteDatabase {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    return try SQLiteDatabase(path: scratch.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite").path)
}

/// One catalog, as the plugin keeps one: it reads its 3,200 films once.
let catalog = CatalogMoviesRepository()

func catalogSearch(_ text: String) async throws -> MoviesPage? {
    var last: MoviesPage?
    for try await update in catalog.fetchMoviesList(query: MovieQuery(query: text), page: 1) { last = update.page }
    return last
}

/// The floor of the Blocks rows: the same table and rows in the same WAL mode, through SQLite's C API with one
/// prepared statement and nothing of ours: the rows are rendered to C strings before the clock starts, and
/// listing reads each column where SQLite holds it, building no value.
final class RawBlocks {
    private var database: OpaquePointer?

    init() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        guard sqlite3_open(scratch.appendingPathComponent("raw-\(UUID().uuidString).sqlite").path, &database) == SQLITE_OK else {
            throw CocoaError(.fileWriteUnknown)
        }
        try execute("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            CREATE TABLE blocks (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL,
                                 hours INTEGER NOT NULL CHECK (hours IN (3, 4, 6, 8, 12)), createdAt REAL NOT NULL);
            CREATE INDEX blocks_createdAt ON blocks (createdAt);
            """)
    }

    deinit { sqlite3_close(database) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A block as SQLite's bind calls take it.
    struct Row {
        let id: [CChar], title: [CChar], hours: Int64, createdAt: Double

        init(_ block: Block) {
            id = Array(block.id.uuidString.utf8CString)
            title = Array(block.title.utf8CString)
            hours = Int64(block.length.hours)
            createdAt = block.createdAt.timeIntervalSince1970
        }
    }

    func insert(_ rows: [Row]) throws {
        try execute("BEGIN")
        var statement: OpaquePointer?
        sqlite3_prepare_v2(database, "INSERT INTO blocks (id, title, hours, createdAt) VALUES (?, ?, ?, ?)", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        for row in rows {
            row.id.withUnsafeBufferPointer { _ = sqlite3_bind_text(statement, 1, $0.baseAddress, -1, nil) }
            row.title.withUnsafeBufferPointer { _ = sqlite3_bind_text(statement, 2, $0.baseAddress, -1, nil) }
            sqlite3_bind_int64(statement, 3, row.hours)
            sqlite3_bind_double(statement, 4, row.createdAt)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw CocoaError(.fileWriteUnknown) }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }

    /// Steps through the rows in the repository's order and reads every column; returns how many.
    func list() -> Int {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(database, "SELECT id, title, hours, createdAt FROM blocks ORDER BY createdAt DESC, rowid DESC", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        var count = 0, bytes = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            blackHole(sqlite3_column_text(statement, 0))
            blackHole(sqlite3_column_text(statement, 1))
            bytes += Int(sqlite3_column_bytes(statement, 0)) + Int(sqlite3_column_bytes(statement, 1))
            bytes += Int(sqlite3_column_int64(statement, 2)) + Int(sqlite3_column_double(statement, 3))
            count += 1
        }
        blackHole(bytes)
        return count
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .instructions, .mallocCountTotal],
                                           maxDuration: .seconds(3), maxIterations: 50)
    Benchmark.teardown = { try? FileManager.default.removeItem(at: scratch) }
    let blocks = (0..<10_000).map { Block(title: "Block \($0)", length: .four, createdAt: Date(timeIntervalSince1970: Double($0))) }

    // Goal: under 100 ms, in a WAL file.
    Benchmark("Blocks/insert 10,000 blocks in one transaction, SQLite C API (floor)") { benchmark in
        let raw = try RawBlocks()
        let rows = blocks.map(RawBlocks.Row.init)
        benchmark.startMeasurement()
        try raw.insert(rows)
        benchmark.stopMeasurement()
    }
    Benchmark("Blocks/list 10,000 blocks, SQLite C API (floor)") { benchmark in
        let raw = try RawBlocks()
        try raw.insert(blocks.map(RawBlocks.Row.init))
        benchmark.startMeasurement()
        let listed = raw.list()
        benchmark.stopMeasurement()
        precondition(listed == blocks.count)
    }
    Benchmark("Blocks/insert 10,000 blocks in one transaction") { benchmark in
        let repository = try SQLiteItemRepository<Block>(database: freshDatabase("insert"))
        benchmark.startMeasurement()
        try repository.create(contentsOf: blocks)
        benchmark.stopMeasurement()
    }
    // Goal: under 20 ms.
    Benchmark("Blocks/list 10,000 blocks") { benchmark in
        let repository = try SQLiteItemRepository<Block>(database: freshDatabase("list"))
        try repository.create(contentsOf: blocks)
        benchmark.startMeasurement()
        let listed = try repository.fetchAll()
        benchmark.stopMeasurement()
        precondition(listed.count == blocks.count)
    }

    Benchmark("Movies/catalog search \"the\", page 1 (3,200 films, ranked)") { _ in
        blackHole(try await catalogSearch("the"))
    }
    Benchmark("Movies/cached page (20 movies) read from SQLite", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let storage = try SQLiteMoviesResponseStorage(database: freshDatabase("movies"))
        let key = MoviesResponseKey(source: "catalog", query: "the", page: 1, language: "en-US")
        guard let page = try await catalogSearch("the") else { fatalError("the catalog search found nothing") }
        try storage.save(page, for: key)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try storage.page(for: key)) }
        benchmark.stopMeasurement()
    }
}
