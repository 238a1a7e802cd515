import Foundation
import MoviesDomain
import MoviesPresentation
import MoviesTesting
import StrataTerminal
import Testing

/// The list's poster thumbnails: one a row on screen, loaded for the rows shown only, their loads
/// cancelled when the rows scroll away (a late answer is dropped), each sent to kitty once.
@MainActor
@Suite struct MoviesListThumbnailsTests {
    let search = ControlledSearchMoviesUseCase()
    let posters = ControlledPosterImagesRepository(image: nil)
    /// 80×12: the list has 6 rows, 5 of them items (the last says where you are).
    let size = TerminalSize(width: 80, height: 12)
    let thumbnail = PosterImage.filled(width: 46, height: 69, red: 200, green: 30, blue: 30)

    /// The app showing the first of 20 results, each with a poster `/p<i>.jpg`, on a terminal that draws
    /// pictures `mode`.
    func showingTwentyResults(_ mode: PictureMode, trueColor: Bool = true, search index: Int = 0) async throws -> (TerminalApp, MoviesListScreen) {
        let dependencies = MoviesSceneDependencies(
            searchMoviesUseCase: search, fetchRecentMovieQueriesUseCase: StubFetchRecentMovieQueriesUseCase(queries: []),
            posterImagesRepository: posters, posterURL: { URL(string: "https://image.tmdb.org/t/p/w500\($0)")! })
        let app = try TerminalApp { navigator in try MoviesScreenProvider { dependencies }.makeRootScreen(navigator: navigator) }
        app.pictures = mode
        app.trueColor = trueColor
        app.cellPixels = try #require(CellPixelSize(width: 9, height: 20))
        for character in "fight" { try app.send(.character(character)) }
        try app.send(.enter)
        search.send(.fresh(MoviesPage(page: 1, totalPages: 1, movies: (0..<20).map {
            Movie.stub(id: $0, title: "Movie \($0)", posterPath: "/p\($0).jpg")
        })), toSearch: index)
        search.finish(search: index)
        let screen = try #require(app.navigator.entries.first?.screen as? MoviesListScreen)
        await screen.viewModel.waitUntilLoaded()
        return (app, screen)
    }

    func settleThumbnails(_ screen: MoviesListScreen) async {
        for load in screen.thumbnails?.loadsInFlight ?? [] { await load.value }
    }

    @Test func kittyGetsOneSmallPictureARowForTheRowsShownSentOnce() async throws {
        let (app, screen) = try await showingTwentyResults(.kitty)
        _ = app.render(size: size)
        await settle { posters.requests.count == 5 }
        // Each poster loads in a task of its own: the rows on screen, in whatever order the tasks run.
        #expect(posters.requests.map(\.path).sorted() == (0..<5).map { "/p\($0).jpg" }, "only the rows on screen")
        #expect(Set(posters.requests.map(\.width)) == [18], "2 columns of 9 pixels")
        for index in 0..<5 { #expect(posters.answer(path: "/p\(index).jpg", with: .success(thumbnail))) }
        await settleThumbnails(screen)

        var renderer = FrameRenderer(colors: true)
        let output = renderer.render(app.render(size: size))
        let transmitted = output.components(separatedBy: "\u{1B}_Ga=t,").count - 1
        let placed = output.components(separatedBy: "c=2,r=1,C=1,q=2").count - 1
        #expect(transmitted == 1 && placed == 5, "one picture (all five are alike), placed on five rows: \(output.suffix(300).debugDescription)")
        let frame = app.render(size: size)
        #expect(frame.pictures.map(\.region.row) == [5, 6, 7, 8, 9] && frame.pictures.allSatisfy { $0.region.column == 1 })
        // The picture is cut to the box's shape, 18 × 20 pixels, so it is not stretched, and shrunk to it.
        #expect(frame.pictures.first?.picture.width == 18 && frame.pictures.first?.picture.height == 20)
        #expect(frame.line(5).contains("› Movie 0"), "\(frame.text)")
    }

    @Test func scrollingAwayCancelsTheLoadsAndALateAnswerIsDropped() async throws {
        let (app, screen) = try await showingTwentyResults(.kitty)
        _ = app.render(size: size)
        await settle { posters.requests.count == 5 }
        for index in 0..<5 { posters.answer(path: "/p\(index).jpg", with: .success(thumbnail)) }
        await settleThumbnails(screen)

        try app.send(.character("G"))  // to the end: rows 15 to 19
        _ = app.render(size: size)
        await settle { posters.requests.count == 10 }
        #expect(posters.requests.dropFirst(5).map(\.path).sorted() == (15..<20).map { "/p\($0).jpg" })
        try app.send(.character("g"))  // back before they answered
        _ = app.render(size: size)
        #expect(posters.requests.count == 10, "the first rows' thumbnails are still in memory")
        for index in 15..<20 { posters.answer(path: "/p\(index).jpg", with: .success(thumbnail)) }
        await settle { posters.cancelledPaths.count == 5 }
        #expect(Set(posters.cancelledPaths) == Set((15..<20).map { "/p\($0).jpg" }))
        await settleThumbnails(screen)
        #expect(screen.thumbnails?.pictures.keys.sorted() == (0..<5).map { "/p\($0).jpg" }.sorted(), "the late answers are dropped")
    }

    /// Half blocks drew a row's thumbnail in 2 × 1 cells, 2 × 2 pixels: a colour swatch, not a poster
    /// (#50 item 18). Where only half blocks exist the rows are text, and nothing is fetched for them.
    @Test func halfBlocksDrawNoThumbnails() async throws {
        let (app, _) = try await showingTwentyResults(.halfBlocks)
        let frame = app.render(size: size)
        #expect(frame.line(5).hasPrefix(" › Movie 0"), "\(frame.text)")
        #expect(!frame.text.contains("▀"), "\(frame.text)")
        #expect(posters.requests.isEmpty, "no poster is fetched for a thumbnail that isn't drawn")
    }
}
