/// Drives one flow of screens: decides which screen comes next and pushes or presents it, so that screens
/// and view models never know about each other.
///
/// This is the seeds' `FlowCoordinator`: the coordinator makes each screen with a view model whose actions
/// (closures such as `showDetails(movie)`) call back into the coordinator, which then uses the
/// ``Navigator``.
///
/// ```swift
/// @MainActor final class MoviesSearchFlowCoordinator: Coordinator {
///     private weak var navigator: Navigator?
///     init(navigator: Navigator, …) { self.navigator = navigator }
///     func start() -> any Screen {
///         MoviesListScreen(viewModel: MoviesListViewModel(…, actions: .init(
///             showMovieDetails: { [weak self] movie in self?.showDetails(movie) })))
///     }
///     private func showDetails(_ movie: Movie) { navigator?.push(MovieDetailsScreen(…)) }
/// }
/// ```
///
/// The coordinator is kept alive by the closures of the screens it made, and keeps the navigator weakly.
@MainActor
public protocol Coordinator: AnyObject {
    /// Makes the flow's first screen; the caller shows it (a ``FeatureScreenProvider`` returns it).
    func start() -> any Screen
}
