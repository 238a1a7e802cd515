import Foundation
import MoviesDomain

/// What the list is loading: the first page (the whole screen waits), the next page (a row at the end
/// waits), or nothing.
public enum MoviesListViewModelLoading: Sendable, Hashable {
    case none
    case fullScreen
    case nextPage
}

/// Where the list screen leads; the coordinator provides these.
public struct MoviesListViewModelActions {
    /// Opens the details of a movie.
    public let showMovieDetails: @MainActor (Movie) -> Void
    /// Shows the recent queries; selecting one calls the closure it is given.
    public let showMovieQueriesSuggestions: @MainActor (_ didSelect: @escaping @MainActor (MovieQuery) -> Void) -> Void
    /// Hides the recent queries.
    public let closeMovieQueriesSuggestions: @MainActor () -> Void

    public init(showMovieDetails: @escaping @MainActor (Movie) -> Void,
                showMovieQueriesSuggestions: @escaping @MainActor (_ didSelect: @escaping @MainActor (MovieQuery) -> Void) -> Void,
                closeMovieQueriesSuggestions: @escaping @MainActor () -> Void) {
        self.showMovieDetails = showMovieDetails
        self.showMovieQueriesSuggestions = showMovieQueriesSuggestions
        self.closeMovieQueriesSuggestions = closeMovieQueriesSuggestions
    }
}

/// What the list screen tells its view model.
@MainActor
public protocol MoviesListViewModelInput {
    func viewDidLoad()
    /// The selection reached the end of the list: loads the next page if there is one and nothing loads.
    func didLoadNextPage()
    /// Searches `query` from page 1, cancelling any load in progress; a blank query is ignored.
    func didSearch(query: String)
    /// Stops the load in progress; what is shown stays.
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
    func didSelectItem(at index: Int)
}

/// What the list screen shows.
@MainActor
public protocol MoviesListViewModelOutput {
    var items: [MoviesListItemViewModel] { get }
    var loading: MoviesListViewModelLoading { get }
    /// The query of the results shown.
    var query: String { get }
    /// A message for a failed load, `nil` when the last load didn't fail.
    var error: String? { get }
    var isEmpty: Bool { get }
    var screenTitle: String { get }
    var emptyDataTitle: String { get }
    var errorTitle: String { get }
    var searchBarPlaceholder: String { get }
}

public typealias MoviesListViewModel = MoviesListViewModelInput & MoviesListViewModelOutput
