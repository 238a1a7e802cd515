import Foundation
import MoviesDomain
import StrataPluginKit
import StrataStorage
import Testing
@testable import MoviesPlugin

/// Movies' typed composition root: the use cases it makes work over the repositories it made once, in one
/// database, from the host services it was given.
final class MoviesDIContainerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-container-\(UUID().uuidString)")
    /// The bundled catalog, the default source: no HTTP client may be asked for.
    lazy var container = MoviesDIContainer(dependencies: .init(
        settings: MoviesSettings(SettingValues()), dataDirectory: folder, libraryDirectory: nil, environment: [:],
        httpClient: {
            Issue.record("the catalog needs no HTTP client")
            throw CancellationError()
        },
        databaseOpener: { SQLiteDatabaseOpener() }))

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aSearchIsARecentQueryOfTheSameContainer() async throws {
        let request = SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "blade runner"), page: 1)
        var found = 0
        for try await update in try container.makeSearchMoviesUseCase().execute(requestValue: request) { found = update.page.movies.count }
        #expect(found > 0)
        let recent = try await container.makeFetchRecentMovieQueriesUseCase().execute(requestValue: .init(maxCount: 10))
        #expect(recent.map(\.query) == ["blade runner"])
    }

    @Test func theDetailsComeFromTheRepositoryTheSearchUsed() async throws {
        let request = SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "blade runner"), page: 1)
        var first: Movie?
        for try await update in try container.makeSearchMoviesUseCase().execute(requestValue: request) { first = update.page.movies.first }
        let movie = try #require(first)
        #expect(try await container.makeFetchMovieDetailsUseCase().execute(id: movie.id).title == movie.title)
    }

    @Test func theDatabaseAndTheCatalogAreMadeOnce() throws {
        #expect(try container.makeDatabase() === container.makeDatabase())
        #expect(try (container.makeMoviesRepository() as AnyObject) === (container.makeMoviesRepository() as AnyObject),
                "the catalog is a class: one instance means one load")
    }
}
