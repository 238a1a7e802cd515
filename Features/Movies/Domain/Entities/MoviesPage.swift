/// One page of search results, numbered from 1 like TMDB's.
public struct MoviesPage: Sendable, Hashable {
    public let page: Int
    public let totalPages: Int
    public let movies: [Movie]

    public init(page: Int, totalPages: Int, movies: [Movie]) {
        self.page = page
        self.totalPages = totalPages
        self.movies = movies
    }

    /// Whether a page after this one exists.
    public var hasMorePages: Bool { page < totalPages }
}
