import Foundation
import MoviesDomain
@testable import MoviesPresentation
import MoviesTesting
import Testing

/// Lets the view model's load task run until `condition` holds (a bounded number of turns, no sleeping).
@MainActor
func settle(_ condition: () -> Bool) async {
    for _ in 0..<10_000 where !condition() { await Task.yield() }
}

@MainActor
@Suite struct MoviesListViewModelTests {
    let useCase = ControlledSearchMoviesUseCase()
    let page1 = MoviesPage.stub(page: 1, totalPages: 2, ids: [1, 2])
    let page2 = MoviesPage.stub(page: 2, totalPages: 2, ids: [3])

    func makeViewModel() -> MoviesListViewModel {
        MoviesListViewModel(searchMoviesUseCase: useCase)
    }

    func deliver(_ updates: [MoviesPageUpdate], toSearch index: Int, throwing error: (any Error)? = nil,
                 _ viewModel: MoviesListViewModel) async {
        updates.forEach { useCase.send($0, toSearch: index) }
        useCase.finish(search: index, throwing: error)
        await viewModel.waitUntilLoaded()
    }

    @Test func firstPageLoadsOnlyTheFirstPage() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        #expect(viewModel.loading == .fullScreen)
        await deliver([.fresh(page1)], toSearch: 0, viewModel)
        #expect(viewModel.currentPage == 1 && viewModel.hasMorePages)
        #expect(viewModel.items.map(\.title) == ["title1", "title2"])
        #expect(viewModel.loading == .none && viewModel.query == "query")
        #expect(useCase.requests == [SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "query"), page: 1)])
    }

    @Test func firstAndSecondPagesMakeTwoPages() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        await deliver([.fresh(page1)], toSearch: 0, viewModel)
        viewModel.didLoadNextPage()
        #expect(viewModel.loading == .nextPage)
        #expect(useCase.requests.last?.page == 2)
        await deliver([.fresh(page2)], toSearch: 1, viewModel)
        #expect(viewModel.currentPage == 2 && !viewModel.hasMorePages)
        #expect(viewModel.items.map(\.id) == [1, 2, 3])
    }

    @Test func lastPageStopsPaging() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        await deliver([.fresh(.stub(page: 1, totalPages: 1, ids: [1]))], toSearch: 0, viewModel)
        viewModel.didLoadNextPage()
        #expect(useCase.requests.count == 1)
        #expect(viewModel.loading == .none)
    }

    @Test func emptyPageLeavesTheListEmpty() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "nothing")
        await deliver([.fresh(MoviesPage(page: 1, totalPages: 0, movies: []))], toSearch: 0, viewModel)
        #expect(viewModel.isEmpty && !viewModel.hasMorePages && viewModel.error == nil)
    }

    /// Each error reads as the command line words it, and offers a retry only where one can help.
    @Test(arguments: [
        (MoviesError.server(service: "TMDB", status: 500, message: ""), true),
        (MoviesError.notConnected(service: "TMDB", detail: "offline"), true),
        (MoviesError.invalidAPIKey(environmentVariable: "TMDB_API_KEY", message: "Invalid API key"), false),
        (MoviesError.addressNotFound(service: "TMDB", message: ""), false),
    ])
    func anErrorSaysWhatTheCommandLineSays(_ error: MoviesError, canRetry: Bool) async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        await deliver([], toSearch: 0, throwing: error, viewModel)
        #expect(viewModel.error == MoviesErrorText.text(error))
        #expect(viewModel.resultsState == .failed(MoviesErrorText.text(error), canRetry: canRetry))
        #expect(viewModel.loading == .none)
        viewModel.didRetry()
        #expect(useCase.requests.count == (canRetry ? 2 : 1))
    }

    @Test func cachedThenFreshReplacesTheSamePage() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        useCase.send(.cached(.stub(page: 1, totalPages: 1, ids: [9])), toSearch: 0)
        await settle { viewModel.items.map(\.id) == [9] }
        #expect(viewModel.items.map(\.id) == [9])
        #expect(viewModel.loading == .fullScreen)
        await deliver([.fresh(page1)], toSearch: 0, viewModel)
        #expect(viewModel.items.map(\.id) == [1, 2])
        #expect(viewModel.currentPage == 1 && viewModel.totalPageCount == 2)
    }

    @Test func errorAfterCachedKeepsTheCachedItems() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        await deliver([.cached(page1)], toSearch: 0, throwing: MoviesError.timedOut(service: "TMDB", seconds: 15), viewModel)
        #expect(viewModel.items.map(\.id) == [1, 2])
        #expect(viewModel.error == MoviesErrorText.text(MoviesError.timedOut(service: "TMDB", seconds: 15)))
    }

    /// A failed first search with a saved page 1 on screen: `r` asks for page 1 again, and its answer
    /// replaces the saved copy (it asked for page 2 before).
    @Test func retryAfterAFailedFirstSearchShowingASavedPageRefreshesThatPage() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        await deliver([.cached(page1)], toSearch: 0, throwing: MoviesError.timedOut(service: "TMDB", seconds: 15), viewModel)
        viewModel.didRetry()
        #expect(useCase.requests.map(\.page) == [1, 1])
        #expect(viewModel.items.map(\.id) == [1, 2], "the saved page stays while it refreshes")
        await deliver([.fresh(.stub(page: 1, totalPages: 2, ids: [7, 8]))], toSearch: 1, viewModel)
        #expect(viewModel.items.map(\.id) == [7, 8] && viewModel.error == nil)
        #expect(viewModel.resultsState == .results(page: 1, of: 2))
    }

    /// A view model that searched "query" and shows the cached first page while the fresh one loads.
    private func showingCachedFirstPage() async -> MoviesListViewModel {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        useCase.send(.cached(page1), toSearch: 0)
        await settle { !viewModel.items.isEmpty }
        return viewModel
    }

    @Test func nextPageDoesNotLoadWhileLoading() async {
        let viewModel = await showingCachedFirstPage()
        viewModel.didLoadNextPage()
        #expect(useCase.requests.count == 1)
        await deliver([.fresh(page1)], toSearch: 0, viewModel)
        viewModel.didLoadNextPage()
        #expect(useCase.requests.count == 2)
    }

    @Test func blankQueryIsIgnored() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "   ")
        #expect(useCase.requests.isEmpty)
        #expect(viewModel.loading == .none && viewModel.query.isEmpty)
    }

    @Test func newSearchResetsPagingAndCancelsThePreviousLoad() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "first")
        await deliver([.fresh(page1)], toSearch: 0, viewModel)
        viewModel.didLoadNextPage()
        viewModel.didSearch(query: "second")
        await settle { useCase.isCancelled(search: 1) }
        #expect(useCase.isCancelled(search: 1))
        #expect(viewModel.items.isEmpty && viewModel.currentPage == 0 && viewModel.loading == .fullScreen)
        #expect(useCase.requests.last == SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "second"), page: 1))
    }

    @Test func staleResultNeverOverwritesANewerSearch() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "old")
        viewModel.didSearch(query: "new")
        await deliver([.fresh(.stub(page: 1, totalPages: 1, ids: [20]))], toSearch: 1, viewModel)
        useCase.send(.fresh(.stub(page: 1, totalPages: 5, ids: [10])), toSearch: 0)
        useCase.finish(search: 0, throwing: MoviesError.server(service: "TMDB", status: 500, message: ""))
        await settle { false }
        #expect(viewModel.items.map(\.id) == [20])
        #expect(viewModel.totalPageCount == 1 && viewModel.query == "new" && viewModel.error == nil)
    }

    @Test func cancelStopsLoadingAndKeepsWhatIsShown() async {
        let viewModel = await showingCachedFirstPage()
        viewModel.didCancelSearch()
        #expect(viewModel.loading == .none)
        await settle { useCase.isCancelled(search: 0) }
        #expect(useCase.isCancelled(search: 0))
        useCase.send(.fresh(page2), toSearch: 0)
        await settle { false }
        #expect(viewModel.items.map(\.id) == [1, 2] && viewModel.error == nil)
    }

    @Test func selectingAnItemShowsItsDetails() async {
        var shown: [Movie] = []
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCase, actions: MoviesListViewModelActions(
            showMovieDetails: { shown.append($0) }, showMovieQueriesSuggestions: { _ in }, closeMovieQueriesSuggestions: {}))
        viewModel.didSearch(query: "query")
        await deliver([.fresh(page1)], toSearch: 0, viewModel)
        viewModel.didSelectItem(at: 1)
        viewModel.didSelectItem(at: 5)
        #expect(shown.map(\.id) == [2])
    }

    @Test func choosingASuggestionSearchesIt() async {
        var select: (@MainActor (MovieQuery) -> Void)?
        var closed = 0
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCase, actions: MoviesListViewModelActions(
            showMovieDetails: { _ in }, showMovieQueriesSuggestions: { select = $0 }, closeMovieQueriesSuggestions: { closed += 1 }))
        viewModel.showQueriesSuggestions()
        select?(MovieQuery(query: "dune"))
        viewModel.closeQueriesSuggestions()
        #expect(useCase.requests == [SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "dune"), page: 1)])
        #expect(closed == 1)
    }

    /// One truthful state: a stop before anything came is "stopped", not "no movies found" or "page 0 of 1".
    @Test func aStopBeforeAnyResultSaysStopped() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "slow")
        #expect(viewModel.resultsState == .searching)
        viewModel.didCancelSearch()
        #expect(viewModel.resultsState == .stopped)
        await settle { useCase.isCancelled(search: 0) }
        #expect(useCase.isCancelled(search: 0))
    }

    @Test func aFailureSaysSoAloneAndRetryLoadsTheSamePageAgain() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "query")
        await deliver([], toSearch: 0, throwing: MoviesError.server(service: "TMDB", status: 500, message: ""), viewModel)
        #expect(viewModel.resultsState == .failed(MoviesErrorText.text(MoviesError.server(service: "TMDB", status: 500, message: "")), canRetry: true))
        viewModel.didRetry()
        #expect(useCase.requests.map(\.page) == [1, 1])
        await deliver([.fresh(page1)], toSearch: 1, viewModel)
        #expect(viewModel.resultsState == .results(page: 1, of: 2))

        viewModel.didLoadNextPage()
        await deliver([], toSearch: 2, throwing: MoviesError.server(service: "TMDB", status: 500, message: ""), viewModel)
        #expect(viewModel.resultsState == .failed(MoviesErrorText.text(MoviesError.server(service: "TMDB", status: 500, message: "")), canRetry: true) && viewModel.items.count == 2)
        viewModel.didRetry()
        #expect(useCase.requests.map(\.page) == [1, 1, 2, 2])
    }

    @Test func noResultsSaysSoWithoutAPageCount() async {
        let viewModel = makeViewModel()
        viewModel.didSearch(query: "nothing")
        await deliver([.fresh(MoviesPage(page: 1, totalPages: 0, movies: []))], toSearch: 0, viewModel)
        #expect(viewModel.resultsState == .noResults)
    }
}
