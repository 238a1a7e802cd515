import Foundation
import MoviesDomain
import MoviesPresentation
import MoviesTesting
import StrataTerminal
import Testing

@MainActor
@Suite struct MoviesScreensTests {
    let search = ControlledSearchMoviesUseCase()
    let size = TerminalSize(width: 60, height: 12)

    func makeApp(recent: [String] = []) throws -> TerminalApp {
        let dependencies = MoviesSceneDependencies(
            searchMoviesUseCase: search,
            fetchRecentMovieQueriesUseCase: StubFetchRecentMovieQueriesUseCase(queries: recent.map { MovieQuery(query: $0) }),
            posterImagesRepository: RecordingPosterImagesRepository())
        return try TerminalApp { navigator in try MoviesScreenProvider { dependencies }.makeRootScreen(navigator: navigator) }
    }

    func screen(_ app: TerminalApp) throws -> MoviesListScreen {
        try #require(app.navigator.entries.first?.screen as? MoviesListScreen)
    }

    func type(_ text: String, into app: TerminalApp) throws {
        for character in text { try app.send(.character(character)) }
    }

    @Test func typingASearchShowsResultsAndEnterOpensDetails() async throws {
        let app = try makeApp()
        try type("fight", into: app)
        try app.send(.enter)
        #expect(search.requests.map(\.query.query) == ["fight"])
        #expect(app.render(size: size).text.contains("Searching \"fight\""))
        search.send(.fresh(MoviesPage(page: 1, totalPages: 1, movies: [
            Movie(id: 550, title: "Fight Club", overview: "An insomniac.", posterPath: "/p.jpg",
                  releaseDate: Date(timeIntervalSince1970: 939_945_600)),
        ])), toSearch: 0)
        search.finish(search: 0)
        try await screen(app).viewModel.waitUntilLoaded()
        let results = app.render(size: size).text
        #expect(results.contains("Fight Club") && results.contains("Release Date: Oct 15, 1999"))
        try app.send(.enter)
        let details = app.render(size: size).text
        #expect(details.contains("An insomniac.") && details.contains("Poster: /p.jpg"))
        #expect(app.navigator.entries.count == 2)
    }

    @Test func reachingTheEndOfTheResultsLoadsTheNextPage() async throws {
        let app = try makeApp()
        try type("the", into: app)
        try app.send(.enter)
        search.send(.fresh(.stub(page: 1, totalPages: 2, ids: [1, 2])), toSearch: 0)
        search.finish(search: 0)
        try await screen(app).viewModel.waitUntilLoaded()
        #expect(app.render(size: size).text.contains("↓ more pages"))
        try app.send(.down)
        #expect(search.requests.map(\.page) == [1, 2])
        #expect(app.render(size: size).text.contains("Loading more"))
    }

    @Test func recentQueriesShowUnderTheEmptyFieldAndEnterSearchesOne() async throws {
        let app = try makeApp(recent: ["dune", "alien"])
        await (try #require(try screen(app).suggestions)).waitUntilLoaded()
        #expect(app.render(size: size).text.contains("Recent searches"))
        try app.send(.down)
        try app.send(.enter)
        #expect(search.requests.map(\.query.query) == ["alien"])
    }

    /// kudoleh's screen shows one state: after a failure the error and a retry key, never "No movies found".
    @Test func aFailedSearchShowsTheErrorAloneAndRRetries() async throws {
        let app = try makeApp()
        try type("alien", into: app)
        try app.send(.enter)
        search.finish(search: 0, throwing: MoviesError.server(service: "TMDB", status: 500, message: ""))
        try await screen(app).viewModel.waitUntilLoaded()
        let failed = app.render(size: size).text
        #expect(failed.contains("Error: Failed loading movies. Press r to try again."), "\(failed)")
        #expect(!failed.contains("No movies found") && !failed.contains("page"))
        try app.send(.character("r"))
        #expect(search.requests.map(\.query.query) == ["alien", "alien"])
    }

    /// Esc during a slow search stops it (the request is cancelled) and says so; the next Esc goes back.
    @Test func escapeStopsASlowSearch() async throws {
        let app = try makeApp()
        app.navigator.push(try screen(app))  // as the home screen pushes it
        try type("slow", into: app)
        try app.send(.enter)
        #expect(app.render(size: size).text.contains("Esc stop"))
        try app.send(.escape)
        await settle { search.isCancelled(search: 0) }
        #expect(search.isCancelled(search: 0))
        let stopped = app.render(size: size).text
        #expect(stopped.contains("The search for \"slow\" was stopped"), "\(stopped)")
        #expect(!stopped.contains("No movies found") && !stopped.contains("page 0"))
        #expect(app.navigator.entries.count == 2)
    }
}
