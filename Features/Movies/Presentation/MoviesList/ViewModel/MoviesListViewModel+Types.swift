import Foundation
import MoviesDomain

/// What the list is loading: the first page (the whole screen waits), the next page (a row at the end
/// waits), or nothing.
public enum MoviesListViewModelLoading: Sendable, Hashable {
    case none
    case fullScreen
    case nextPage
}

/// The one thing the results area says, so that it never contradicts itself (no "No movies found"
/// under an error, no "page 0 of 1" after a stop).
public enum MoviesListResultsState: Sendable, Hashable {
    /// No search yet.
    case prompt
    /// The first page is on its way.
    case searching
    /// The search was stopped before anything came.
    case stopped
    /// The last load failed with this message (what was loaded before stays listed); `canRetry` when
    /// running it again may help.
    case failed(String, canRetry: Bool)
    /// The search found nothing.
    case noResults
    /// Results, with the pages loaded so far and the pages there are.
    case results(page: Int, of: Int)
}

/// Where the list screen leads; the coordinator provides these.
public struct MoviesListViewModelActions {
    /// Opens the details of a movie.
    public let showMovieDetails: @MainActor (Movie) -> Void
    /// Shows the recent queries; selecting one calls the closure it is given.
    public let showMovieQueriesSuggestions: @MainActor (_ didSelect: @escaping @MainActor (MovieQuery) -> Void) -> Void
    /// Hides the recent queries.
    public let closeMovieQueriesSuggestions: @MainActor () -> Void

    public init(
        showMovieDetails: @escaping @MainActor (Movie) -> Void,
        showMovieQueriesSuggestions: @escaping @MainActor (_ didSelect: @escaping @MainActor (MovieQuery) -> Void) -> Void,
        closeMovieQueriesSuggestions: @escaping @MainActor () -> Void
    ) {
        self.showMovieDetails = showMovieDetails
        self.showMovieQueriesSuggestions = showMovieQueriesSuggestions
        self.closeMovieQueriesSuggestions = closeMovieQueriesSuggestions
    }
}
