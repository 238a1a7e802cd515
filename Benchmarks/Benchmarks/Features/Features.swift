// The feature rows on package-benchmark, measured in process on the features' own Data layers: Blocks'
// SQLite repository (bulk insert and listing) and Movies' offline catalog search and response cache.
import Benchmark
import BlocksData
import BlocksDomain
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

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .instructions, .mallocCountTotal],
                                           maxDuration: .seconds(3), maxIterations: 50)
    Benchmark.teardown = { try? FileManager.default.removeItem(at: scratch) }
    let blocks = (0..<10_000).map { Block(title: "Block \($0)", length: .four, createdAt: Date(timeIntervalSince1970: Double($0))) }

    // Goal: under 100 ms, in a WAL file.
    Benchmark("Blocks/insert 10,000 blocks in one transaction") { benchmark in
        let repository = try SQLiteBlockRepository(database: freshDatabase("insert"))
        benchmark.startMeasurement()
        try repository.create(contentsOf: blocks)
        benchmark.stopMeasurement()
    }
    // Goal: under 20 ms.
    Benchmark("Blocks/list 10,000 blocks") { benchmark in
        let repository = try SQLiteBlockRepository(database: freshDatabase("list"))
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
