import Foundation
import MoviesDomain
@testable import MoviesPresentation
import MoviesTesting
import Testing

@MainActor
@Suite struct MoviesItemAndDetailsViewModelTests {
    let fightClubDay = Date(timeIntervalSince1970: 939_945_600) // 1999-10-15 00:00 UTC

    @Test func itemShowsTheMediumReleaseDateOrToBeAnnounced() {
        #expect(MoviesListItemViewModel(movie: .stub(releaseDate: fightClubDay)).releaseDate == "Release Date: Oct 15, 1999")
        #expect(MoviesListItemViewModel(movie: .stub(releaseDate: nil)).releaseDate == "To be announced")
    }

    @Test func detailsLoadThePosterInTheClosestTMDBWidth() async {
        let posters = RecordingPosterImagesRepository(image: Data([1, 2, 3]))
        let viewModel = MovieDetailsViewModel(movie: .stub(posterPath: "/p.jpg", releaseDate: fightClubDay), posterImagesRepository: posters)
        await viewModel.updatePosterImage(width: 300)
        #expect(posters.requests.map(\.path) == ["/p.jpg"])
        #expect(posters.requests.map(\.width) == [300])
        #expect(viewModel.posterImage == Data([1, 2, 3]))
        #expect(viewModel.releaseDate == "Release Date: Oct 15, 1999")
    }

    @Test func detailsWithoutAPosterRequestNothing() async {
        let posters = RecordingPosterImagesRepository()
        let viewModel = MovieDetailsViewModel(movie: .stub(overview: "", posterPath: nil), posterImagesRepository: posters)
        await viewModel.updatePosterImage(width: 300)
        #expect(posters.requests.isEmpty && viewModel.posterImage == nil)
        #expect(viewModel.overview == "No overview.")
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
