import Foundation
import MoviesDomain
import Observation

/// The movies list: searches page by page through `SearchMoviesUseCase`.
///
/// Paging rules: a page that arrives replaces the page with the same number (a cached page, then the
/// fresh one); the next page loads only when there are more pages and nothing is loading; a new search
/// resets paging and cancels the load in progress; a result of an earlier load never overwrites a newer one.
@MainActor
@Observable
public final class MoviesListViewModel {
    public private(set) var items: [MoviesListItemViewModel] = []
    public private(set) var loading: MoviesListViewModelLoading = .none
    /// The query of the results shown.
    public private(set) var query = ""
    /// What went wrong in the last load and what to do, in the command line's words (`MoviesErrorText`);
    /// `nil` when the last load didn't fail.
    public private(set) var error: String?
    /// Whether the failed load may succeed if run again (`r`): not for a refused key or a wrong address.
    public private(set) var canRetry = false
    public var isEmpty: Bool { items.isEmpty }
    /// Whether the last search was stopped before its results came.
    public private(set) var wasStopped = false

    /// What the results area says.
    public var resultsState: MoviesListResultsState {
        if query.isEmpty { return .prompt }
        if let error { return .failed(error, canRetry: canRetry) }
        if items.isEmpty {
            if loading != .none { return .searching }
            return wasStopped ? .stopped : .noResults
        }
        return .results(page: currentPage, of: totalPageCount)
    }
    public let screenTitle = "Movies"
    public let emptyDataTitle = "Search results"
    public let errorTitle = "Error"
    public let searchBarPlaceholder = "Search Movies"

    /// The highest page number loaded, 0 before the first.
    public private(set) var currentPage = 0
    /// The number of pages the source has for the query.
    public private(set) var totalPageCount = 1
    public var hasMorePages: Bool { currentPage < totalPageCount }
    public var nextPage: Int { hasMorePages ? currentPage + 1 : currentPage }

    @ObservationIgnored private let searchMoviesUseCase: any SearchMoviesUseCase
    @ObservationIgnored private let actions: MoviesListViewModelActions?
    @ObservationIgnored private var pages: [MoviesPage] = []
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    /// The page the failed load asked for: what `r` asks for again.
    @ObservationIgnored private var failedPage: Int?
    /// Bumped by every load and cancel; a load applies its results only while its number is current.
    @ObservationIgnored private var generation = 0

    public init(searchMoviesUseCase: any SearchMoviesUseCase, actions: MoviesListViewModelActions? = nil) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
    }

    /// Waits for the load in progress (if any) to end: for screens that print once loaded, and tests.
    public func waitUntilLoaded() async {
        await loadTask?.value
    }

    // MARK: - Input

    public func viewDidLoad() {}

    /// The selection reached the end of the list: loads the next page if there is one and nothing loads.
    public func didLoadNextPage() {
        guard hasMorePages, loading == .none, !query.isEmpty else { return }
        load(MovieQuery(query: query), page: nextPage, loading: .nextPage)
    }

    /// Searches `query` from page 1, cancelling any load in progress; a blank query is ignored.
    public func didSearch(query: String) {
        let movieQuery = MovieQuery(query: query)
        guard !movieQuery.trimmed.isEmpty else { return }
        update(movieQuery: MovieQuery(query: movieQuery.trimmed))
    }

    /// Stops the load in progress; what is shown stays.
    public func didCancelSearch() {
        guard loading != .none else { return }
        generation += 1
        loadTask?.cancel()
        loadTask = nil
        loading = .none
        wasStopped = true
    }

    /// Runs the load that failed again, for the same page: a saved copy of it on screen is refreshed in
    /// place; the next page loads at the end of the list. Nothing happens when retrying can't help.
    public func didRetry() {
        guard error != nil, canRetry, !query.isEmpty, let failedPage else { return }
        if items.isEmpty {
            update(movieQuery: MovieQuery(query: query))
        } else {
            load(MovieQuery(query: query), page: failedPage, loading: failedPage > currentPage ? .nextPage : .fullScreen)
        }
    }

    public func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions { [weak self] query in self?.update(movieQuery: query) }
    }

    public func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    public func didSelectItem(at index: Int) {
        guard items.indices.contains(index) else { return }
        actions?.showMovieDetails(items[index].movie)
    }

    // MARK: - Private

    private func update(movieQuery: MovieQuery) {
        resetPages()
        load(movieQuery, page: 1, loading: .fullScreen)
    }

    private func resetPages() {
        currentPage = 0
        totalPageCount = 1
        pages = []
        items = []
    }

    private func load(_ movieQuery: MovieQuery, page: Int, loading: MoviesListViewModelLoading) {
        generation += 1
        let current = generation
        loadTask?.cancel()
        self.loading = loading
        query = movieQuery.query
        error = nil
        canRetry = false
        failedPage = nil
        wasStopped = false
        let updates = searchMoviesUseCase.execute(requestValue: SearchMoviesUseCaseRequestValue(query: movieQuery, page: page))
        loadTask = Task { [weak self] in
            do {
                for try await update in updates {
                    guard let self, self.generation == current else { return }
                    self.apply(update.page)
                }
                guard let self, self.generation == current else { return }
                self.loading = .none
            } catch {
                guard let self, self.generation == current else { return }
                self.handle(error, page: page)
                self.loading = .none
            }
        }
    }

    private func apply(_ page: MoviesPage) {
        pages.removeAll { $0.page == page.page }
        pages.append(page)
        pages.sort { $0.page < $1.page }
        currentPage = pages.last?.page ?? 0
        totalPageCount = page.totalPages
        items = pages.flatMap(\.movies).map(MoviesListItemViewModel.init(movie:))
    }

    private func handle(_ error: any Error, page: Int) {
        if error is CancellationError || (error as? MoviesError) == .cancelled { return }
        self.error = MoviesErrorText.text(error)
        canRetry = (error as? MoviesError)?.canSucceedOnRetry ?? true
        failedPage = page
    }
}
