import MoviesDomain
import Observation

/// One recent query in the suggestions.
public struct MoviesQueryListItemViewModel: Sendable, Hashable {
    public let query: String

    public init(query: String) {
        self.query = query
    }
}

/// The recent queries shown under an empty search field; selecting one searches it.
@MainActor
@Observable
public final class MoviesQueryListViewModel {
    public private(set) var items: [MoviesQueryListItemViewModel] = []

    @ObservationIgnored private let numberOfQueriesToShow: Int
    @ObservationIgnored private let fetchRecentMovieQueriesUseCase: any FetchRecentMovieQueriesUseCase
    @ObservationIgnored private let didSelect: @MainActor (MovieQuery) -> Void
    @ObservationIgnored private var loadTask: Task<Void, Never>?

    public init(
        numberOfQueriesToShow: Int = 10, fetchRecentMovieQueriesUseCase: any FetchRecentMovieQueriesUseCase,
        didSelect: @escaping @MainActor (MovieQuery) -> Void
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
    }

    /// Loads the newest queries.
    public func viewWillAppear() {
        loadTask = Task { [weak self] in await self?.load() }
    }

    /// Waits for the load started by `viewWillAppear()` to end.
    public func waitUntilLoaded() async {
        await loadTask?.value
    }

    /// Loads the newest queries now; a failure leaves the list empty (suggestions are optional).
    public func load() async {
        let request = FetchRecentMovieQueriesUseCaseRequestValue(maxCount: numberOfQueriesToShow)
        let queries = (try? await fetchRecentMovieQueriesUseCase.execute(requestValue: request)) ?? []
        items = queries.map { MoviesQueryListItemViewModel(query: $0.query) }
    }

    public func didSelect(item: MoviesQueryListItemViewModel) {
        didSelect(MovieQuery(query: item.query))
    }
}
