/// One delivery of a page: a page from the local cache arrives first when there is one, then the fresh
/// page from the source (TMDB or the catalog).
public enum MoviesPageUpdate: Sendable, Hashable {
    /// A copy saved by an earlier search; a fresh page follows (or an error).
    case cached(MoviesPage)
    /// The source's answer; nothing follows it.
    case fresh(MoviesPage)

    /// The page delivered.
    public var page: MoviesPage {
        switch self {
        case .cached(let page), .fresh(let page): page
        }
    }

    /// Whether this is the source's answer.
    public var isFresh: Bool {
        if case .fresh = self { true } else { false }
    }
}
