import Foundation
import MoviesDomain
import MoviesPresentation
import MoviesTesting
import StrataTerminal
import Testing

@MainActor
@Suite struct MoviesScreensTests {
    let search = ControlledSearchMoviesUseCase()
    let posters = ControlledPosterImagesRepository(image: .filled(width: 20, height: 30, red: 200, green: 10, blue: 10))
    let size = TerminalSize(width: 60, height: 12)

    func makeApp(recent: [String] = [], posters: ControlledPosterImagesRepository? = nil) throws -> TerminalApp {
        let dependencies = MoviesSceneDependencies(
            searchMoviesUseCase: search,
            fetchRecentMovieQueriesUseCase: StubFetchRecentMovieQueriesUseCase(queries: recent.map { MovieQuery(query: $0) }),
            posterImagesRepository: posters ?? self.posters, posterURL: { URL(string: "https://image.tmdb.org/t/p/w500\($0)")! })
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
        #expect(details.contains("An insomniac.") && details.contains("Loading"))
        try await self.details(app).viewModel.posterLoad?.value
        // 60×12: the content area is 58×9, the poster column 2:3 at 9 rows.
        #expect(posters.requests.map(\.width) == [12])
        let narrow = app.render(size: TerminalSize(width: 48, height: 12)).text
        #expect(narrow.contains("Poster: https://image.tmdb.org/t/p/w500/p.jpg"),
                "46 columns is too narrow for a poster beside the text, so its address stands in: \(narrow)")
        #expect(app.navigator.entries.count == 2)
    }

    /// Opens Fight Club's details (poster path /p.jpg) on a fresh app, its posters from `posters` if given.
    func openFightClub(posters: ControlledPosterImagesRepository? = nil) async throws -> TerminalApp {
        let app = try makeApp(posters: posters)
        try type("fight", into: app)
        try app.send(.enter)
        search.send(.fresh(MoviesPage(page: 1, totalPages: 1, movies: [
            Movie(id: 550, title: "Fight Club", overview: "An insomniac.", posterPath: "/p.jpg", releaseDate: nil),
        ])), toSearch: 0)
        search.finish(search: 0)
        try await screen(app).viewModel.waitUntilLoaded()
        try app.send(.enter)
        return app
    }

    func details(_ app: TerminalApp) throws -> MovieDetailsScreen {
        try #require(app.navigator.top as? MovieDetailsScreen)
    }

    /// An overview longer than the screen scrolls to its last line, ↓ and End move it, and the help line says
    /// so (it was cut with an ellipsis after the rows that fit, the rest out of reach).
    @Test func aLongOverviewScrollsToItsEnd() async throws {
        let app = try makeApp()
        try type("long", into: app)
        try app.send(.enter)
        let overview = (1...30).map { "part \($0)" }.joined(separator: "\n")
        search.send(.fresh(MoviesPage(page: 1, totalPages: 1, movies: [.stub(id: 7, title: "Long", overview: overview, posterPath: nil)])), toSearch: 0)
        search.finish(search: 0)
        try await screen(app).viewModel.waitUntilLoaded()
        try app.send(.enter)
        /// Whether a line of `text` ends in `part`: "part 1" is not "part 10".
        func shows(_ part: String, _ text: String) -> Bool { text.split(separator: "\n").contains { $0.hasSuffix(part) } }
        let first = app.render(size: size).text
        #expect(shows("part 1", first) && !shows("part 30", first) && first.contains(" more (↑↓ PgUp PgDn scroll)"), "\(first)")
        #expect(first.contains("↑↓ scroll"), "the help line: \(first)")
        try app.send(.down)
        #expect(!shows("part 1", app.render(size: size).text) && app.navigator.entries.count == 2)
        try app.send(.end)
        let last = app.render(size: size).text
        #expect(shows("part 30", last) && !shows("part 2", last) && last.contains("Long"), "\(last)")
        try app.send(.home)
        #expect(shows("part 1", app.render(size: size).text))
        // The Keys dialog lists each key once, as a list's (it listed "PgUp/PgDn a page" beside "PgUp a page up").
        try app.send(.character("?"))
        let keys = app.render(size: TerminalSize(width: 60, height: 24)).text
        #expect(keys.contains("End G last") && keys.contains("PgUp a page up") && !keys.contains("PgUp/PgDn"), "\(keys)")
    }

    @Test func theDetailsDrawThePosterInHalfBlocksBesideTheText() async throws {
        let app = try await openFightClub()
        let wide = TerminalSize(width: 80, height: 20)
        #expect(app.render(size: wide).text.contains("Loading poster…"))
        try await details(app).viewModel.posterLoad?.value
        // 80×20: the content area is 78×17; the poster column 2/5 of it, or 2:3 at 17 rows: 22 columns.
        #expect(posters.requests.map(\.width) == [22])
        let frame = app.render(size: wide)
        // The content starts at row 2, column 1. A 20×30 poster in 22×17 cells: 22 columns, 17 rows.
        let cell = frame[1, 2]
        #expect(cell.character == "▀" && cell.style.foreground == .rgb(200, 10, 10) && cell.style.background == .rgb(200, 10, 10))
        #expect(frame[22, 18].character == "▀" && frame[23, 2].character == " ")
        #expect(frame.line(2).hasSuffix("Fight Club"), "the title sits beside the poster: \(frame.line(2))")
        #expect(!frame.text.contains("Poster: "))
    }

    @Test func withoutColourTheDetailsShowThePostersAddressAndFetchNothing() async throws {
        let app = try await openFightClub()
        app.colors = false
        let text = app.render(size: TerminalSize(width: 100, height: 20)).text
        #expect(text.contains("Poster: https://image.tmdb.org/t/p/w500/p.jpg"), "\(text)")
        #expect(posters.requests.isEmpty)
    }

    @Test func aKittyTerminalGetsThePosterAsOnePictureAtTenPixelsAColumn() async throws {
        let app = try await openFightClub()
        app.pictures = .kitty
        let size = TerminalSize(width: 80, height: 20)
        _ = app.render(size: size)
        try await details(app).viewModel.posterLoad?.value
        #expect(posters.requests.map(\.width) == [220])
        let frame = app.render(size: size)
        #expect(frame.pictures.map(\.region) == [Region(column: 1, row: 2, width: 22, height: 17)])
        #expect(frame[1, 2].character == " ", "the cells under the picture stay blank")

        try app.send(.character("?"))
        #expect(app.render(size: size).pictures.isEmpty, "a dialog over the poster hides it; the terminal would draw it on top")
    }

    /// kitty reports cells of 9 × 20 pixels: the poster column and the picture take that shape (a test
    /// circle 230 × 257 px was drawn 11.7 % too tall in cells taken to be 1 × 2), as the bytes written show.
    @Test func aKittyTerminalThatReportsItsCellSizeGetsThePosterInItsOwnShape() async throws {
        let circle = ControlledPosterImagesRepository(image: .filled(width: 230, height: 257, red: 9, green: 9, blue: 9))
        let app = try await openFightClub(posters: circle)
        app.pictures = .kitty
        app.cellPixels = try #require(CellPixelSize(width: 9, height: 20))
        let size = TerminalSize(width: 80, height: 20)
        _ = app.render(size: size)
        try await details(app).viewModel.posterLoad?.value
        var renderer = FrameRenderer(colors: true)
        let output = renderer.render(app.render(size: size))
        // The column: 17 rows of 20 px hold a 2:3 poster 226 px wide, 25 columns of 9. The circle in 25
        // columns (225 px) is 251 px tall: 13 rows (260 px, 3.6 % of rounding; 12 rows of 22 columns before).
        #expect(output.contains("\u{1B}_Ga=p,i=1,p=1,c=25,r=13,C=1,q=2\u{1B}\\"), "\(output.suffix(200).debugDescription)")
    }

    @Test func escLeavingTheDetailsStopsThePosterDownload() async throws {
        let posters = ControlledPosterImagesRepository(image: nil)
        let app = try await openFightClub(posters: posters)
        _ = app.render(size: TerminalSize(width: 80, height: 20))
        let viewModel = try details(app).viewModel
        let load = try #require(viewModel.posterLoad)
        try app.send(.escape)
        #expect(app.navigator.entries.count == 1 && viewModel.posterLoad == nil)
        posters.answer(width: 22, with: .success(.stub))
        await load.value
        #expect(viewModel.poster == nil && posters.cancelledWidths == [22])
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

    @Test func theDateColumnStaysPutWhenAPageWithLongerTitlesLoads() async throws {
        let app = try makeApp()
        try type("the", into: app)
        try app.send(.enter)
        let day = Date(timeIntervalSince1970: 939_945_600)
        search.send(.fresh(MoviesPage(page: 1, totalPages: 2, movies: [.stub(id: 1, title: "Up", releaseDate: day)])), toSearch: 0)
        search.finish(search: 0)
        try await screen(app).viewModel.waitUntilLoaded()
        let before = app.render(size: size).lines.compactMap { line in line.range(of: "Release Date").map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        try app.send(.down)
        search.send(.fresh(MoviesPage(page: 2, totalPages: 2, movies: [
            .stub(id: 2, title: "The Assassination of Jesse James by the Coward Robert Ford", releaseDate: day)])), toSearch: 1)
        search.finish(search: 1)
        try await screen(app).viewModel.waitUntilLoaded()
        let after = app.render(size: size).lines.compactMap { line in line.range(of: "Release Date").map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        #expect(before.count == 1 && after.count == 2)
        #expect(Set(after) == Set(before), "the dates start in the same column on both pages: \(app.render(size: size).text)")
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
        let failed = app.render(size: size).lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(failed.contains("Error: TMDB answered HTTP 500."), "\(failed)")
        #expect(failed.contains("Press r to try again.") && failed.contains("r retry"), "\(failed)")
        #expect(!failed.contains("No movies found") && !failed.contains("page"))
        try app.send(.character("r"))
        #expect(search.requests.map(\.query.query) == ["alien", "alien"])
    }

    /// A refused key: the whole sentence, wrapped, saying to set the key; no `r`, and `r` does nothing.
    @Test func aRefusedKeySaysToSetItAndOffersNoRetry() async throws {
        let app = try makeApp()
        try type("alien", into: app)
        try app.send(.enter)
        search.finish(search: 0, throwing: MoviesError.invalidAPIKey(environmentVariable: "TMDB_API_KEY", message: "Invalid API key"))
        try await screen(app).viewModel.waitUntilLoaded()
        let failed = app.render(size: size).lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(failed.contains("Set TMDB_API_KEY to a valid TMDB API key"), "\(failed)")
        #expect(!failed.contains("Press r") && !failed.contains("r retry"), "\(failed)")
        try app.send(.character("r"))
        #expect(search.requests.count == 1)
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
