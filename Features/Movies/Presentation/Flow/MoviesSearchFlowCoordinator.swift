import MoviesDomain
import StrataTerminal

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
        let screen = MoviesListScreen(
            viewModel: MoviesListViewModel(searchMoviesUseCase: dependencies.searchMoviesUseCase, actions: actions),
            thumbnails: MoviesListThumbnails(posterImagesRepository: dependencies.posterImagesRepository))
        listScreen = screen
        return screen
    }

    private func showMovieDetails(_ movie: Movie) {
        let viewModel = MovieDetailsViewModel(
            movie: movie, posterImagesRepository: dependencies.posterImagesRepository,
            posterURL: dependencies.posterURL)
        navigator?.push(MovieDetailsScreen(viewModel: viewModel))
    }

    private func showMovieQueriesSuggestions(didSelect: @escaping @MainActor (MovieQuery) -> Void) {
        let viewModel = MoviesQueryListViewModel(
            numberOfQueriesToShow: dependencies.recentQueriesLimit,
            fetchRecentMovieQueriesUseCase: dependencies.fetchRecentMovieQueriesUseCase, didSelect: didSelect)
        listScreen?.suggestions = viewModel
        viewModel.viewWillAppear()
    }
}
