import Foundation
import MoviesDomain
@testable import MoviesPresentation
import MoviesTesting
import StrataTerminal
import Testing

@MainActor
@Suite struct MoviesItemAndDetailsViewModelTests {
    let fightClubDay = Date(timeIntervalSince1970: 939_945_600) // 1999-10-15 00:00 UTC

    @Test func itemShowsTheMediumReleaseDateOrToBeAnnounced() {
        #expect(MoviesListItemViewModel(movie: .stub(releaseDate: fightClubDay)).releaseDate == "Release Date: Oct 15, 1999")
        #expect(MoviesListItemViewModel(movie: .stub(releaseDate: nil)).releaseDate == "To be announced")
    }

    /// A title that shows nothing (empty, blank, or a server's escape sequences alone) reads "Untitled" in
    /// the row and in the details' title bar (the row was blank, the title bar "Movies ›"); a title with
    /// text is kept as it came, for the screen to strip.
    @Test(arguments: ["", "   ", "\u{1B}[2J\u{1B}]0;x\u{07}"])
    func aTitleThatShowsNothingReadsUntitled(_ title: String) {
        #expect(MoviesListItemViewModel(movie: .stub(title: title)).title == "Untitled")
        let details = MovieDetailsViewModel(movie: .stub(title: title), posterImagesRepository: ControlledPosterImagesRepository(),
                                            posterURL: { URL(string: "https://image.tmdb.org/t/p/w500\($0)")! })
        #expect(details.title == "Untitled")
        #expect(MoviesListItemViewModel(movie: .stub(title: "\u{1B}[1mHeat")).title == "\u{1B}[1mHeat")
    }

    func details(posterPath: String? = "/p.jpg", posters: ControlledPosterImagesRepository) -> MovieDetailsViewModel {
        MovieDetailsViewModel(movie: .stub(overview: "", posterPath: posterPath, releaseDate: fightClubDay), posterImagesRepository: posters,
                              posterURL: { URL(string: "https://image.tmdb.org/t/p/w500\($0)")! })
    }

    @Test func detailsLoadThePosterAtTheWidthAskedFor() async throws {
        let posters = ControlledPosterImagesRepository()
        let viewModel = details(posters: posters)
        #expect(viewModel.posterLine == "Poster: https://image.tmdb.org/t/p/w500/p.jpg")
        await viewModel.updatePosterImage(width: 30)?.value
        #expect(posters.requests.map(\.path) == ["/p.jpg"])
        #expect(posters.requests.map(\.width) == [30])
        #expect(viewModel.poster == Picture(width: 2, height: 2, rgb: PosterImage.stub.rgb))
        #expect(viewModel.releaseDate == "Release Date: Oct 15, 1999")
        #expect(viewModel.updatePosterImage(width: 30) == nil, "the same width is not fetched twice")
    }

    @Test func detailsWithoutAPosterRequestNothing() async {
        let posters = ControlledPosterImagesRepository()
        let viewModel = details(posterPath: nil, posters: posters)
        #expect(viewModel.updatePosterImage(width: 300) == nil)
        #expect(posters.requests.isEmpty && viewModel.poster == nil && viewModel.posterLine == nil)
        #expect(viewModel.overview == "No overview.")
    }

    /// kudoleh's `DefaultMovieDetailsViewModel`: a new image load cancels the one in flight, and the view
    /// shows only the image of the latest request.
    @Test func kudolehRuleANewPosterRequestCancelsTheOldOneAndItsLateAnswerIsDropped() async throws {
        let posters = ControlledPosterImagesRepository(image: nil)
        let viewModel = details(posters: posters)
        let small = try #require(viewModel.updatePosterImage(width: 20))
        let large = try #require(viewModel.updatePosterImage(width: 40))
        posters.answer(width: 40, with: .success(.filled(width: 4, height: 6, red: 0, green: 0, blue: 255)))
        await large.value
        #expect(viewModel.poster?.width == 4)
        posters.answer(width: 20, with: .success(.filled(width: 2, height: 3, red: 255, green: 0, blue: 0)))
        await small.value
        #expect(viewModel.poster?.width == 4, "the older, smaller poster arrived late and was dropped")
        #expect(posters.cancelledWidths == [20])
        #expect(viewModel.posterLoad == nil)
    }

    @Test func aPosterThatFailsSaysWhyAndLeavingCancelsTheLoad() async throws {
        let posters = ControlledPosterImagesRepository(image: nil)
        let viewModel = details(posters: posters)
        posters.answer(width: 20, with: .failure(MoviesError.notConnected(service: "TMDB images", detail: "refused")))
        await viewModel.updatePosterImage(width: 20)?.value
        #expect(viewModel.posterProblem == "No poster: no internet connection" && viewModel.poster == nil)

        posters.answer(width: 30, with: .failure(MoviesError.server(service: "TMDB images at http://x", status: 500, message: "")))
        await viewModel.updatePosterImage(width: 30)?.value
        #expect(viewModel.posterProblem == "No poster: TMDB images at http://x answered HTTP 500. Try again later.")

        let leaving = try #require(viewModel.updatePosterImage(width: 40))
        viewModel.cancelPosterLoad()
        posters.answer(width: 40, with: .success(.stub))
        await leaving.value
        #expect(viewModel.poster == nil && posters.cancelledWidths == [40])
    }

    @Test func suggestionsShowTheTenNewestAndSelectingOneSearchesIt() async {
        let queries = (1...12).map { MovieQuery(query: "q\($0)") }
        let useCase = StubFetchRecentMovieQueriesUseCase(queries: queries)
        var selected: [MovieQuery] = []
        let viewModel = MoviesQueryListViewModel(fetchRecentMovieQueriesUseCase: useCase) { selected.append($0) }
        await viewModel.load()
        #expect(useCase.requestedCounts == [10])
        #expect(viewModel.items.map(\.query) == (1...10).map { "q\($0)" })
        viewModel.didSelect(item: viewModel.items[2])
        #expect(selected == [MovieQuery(query: "q3")])
    }
}
