import MoviesDomain
import StrataTerminal

/// What the movies screens need, resolved when the feature is opened.
public struct MoviesSceneDependencies: Sendable {
    public let searchMoviesUseCase: any SearchMoviesUseCase
    public let fetchRecentMovieQueriesUseCase: any FetchRecentMovieQueriesUseCase
    public let posterImagesRepository: any PosterImagesRepository
    /// How many recent queries the suggestions show.
    public let recentQueriesLimit: Int

    public init(searchMoviesUseCase: any SearchMoviesUseCase, fetchRecentMovieQueriesUseCase: any FetchRecentMovieQueriesUseCase,
                posterImagesRepository: any PosterImagesRepository, recentQueriesLimit: Int = 10) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.posterImagesRepository = posterImagesRepository
        self.recentQueriesLimit = recentQueriesLimit
    }
}

/// Search → details: makes each screen with its view model and wires the view models' actions to the
/// navigator.
@MainActor
public final class MoviesSearchFlowCoordinator: Coordinator {
    private weak var navigator: Navigator?
    private let dependencies: MoviesSceneDependencies
    private weak var listScreen: MoviesListScreen?

    public init(navigator: Navigator, dependencies: MoviesSceneDependencies) {
        self.navigator = navigator
        self.dependencies = dependencies
    }

    public func start() -> any Screen {
        let actions = MoviesListViewModelActions(
            showMovieDetails: { [self] movie in showMovieDetails(movie) },
            showMovieQueriesSuggestions: { [self] didSelect in showMovieQueriesSuggestions(didSelect: didSelect) },
            closeMovieQueriesSuggestions: { [weak self] in self?.listScreen?.suggestions = nil })
        let screen = MoviesListScreen(viewModel: DefaultMoviesListViewModel(
            searchMoviesUseCase: dependencies.searchMoviesUseCase, actions: actions))
        listScreen = screen
        return screen
    }

    private func showMovieDetails(_ movie: Movie) {
        let viewModel = MovieDetailsViewModel(movie: movie, posterImagesRepository: dependencies.posterImagesRepository)
        navigator?.push(MovieDetailsScreen(viewModel: viewModel))
    }

    private func showMovieQueriesSuggestions(didSelect: @escaping @MainActor (MovieQuery) -> Void) {
        let viewModel = DefaultMoviesQueryListViewModel(
            numberOfQueriesToShow: dependencies.recentQueriesLimit,
            fetchRecentMovieQueriesUseCase: dependencies.fetchRecentMovieQueriesUseCase, didSelect: didSelect)
        listScreen?.suggestions = viewModel
        viewModel.viewWillAppear()
    }
}
