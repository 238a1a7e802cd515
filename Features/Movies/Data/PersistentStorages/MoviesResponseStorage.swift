import MoviesDomain

/// What identifies a saved answer: the source, the query, the page and the language.
public struct MoviesResponseKey: Sendable, Hashable {
    public let source: String
    /// The query as searched; keys compare it trimmed and lowercased, as TMDB's search ignores case.
    public let query: String
    public let page: Int
    public let language: String

    public init(source: String, query: String, page: Int, language: String) {
        self.source = source
        self.query = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        self.page = page
        self.language = language
    }
}

/// Saved search answers, so a repeated search shows its last answer at once.
public protocol MoviesResponseStorage: Sendable {
    /// The page saved under `key`, or `nil`.
    /// - Throws: `MoviesError.storage`.
    func page(for key: MoviesResponseKey) throws -> MoviesPage?

    /// Saves `page` under `key`, replacing what was there; the oldest pages are evicted past the capacity.
    /// - Throws: `MoviesError.storage`.
    func save(_ page: MoviesPage, for key: MoviesResponseKey) throws
}
