import Foundation
import MoviesDomain

/// `strata movies search --json`: `{"page":1,"totalPages":2,"movies":[{"id":550,"title":"Fight Club",
/// "overview":"…","releaseDate":"1999-10-15","posterPath":"/pB8….jpg"}]}`; a missing date or poster is `null`.
public struct MoviesPageJSON: Encodable, Sendable, Equatable {
    public let page: Int
    public let totalPages: Int
    public let movies: [MovieJSON]
    /// Whether this is the page saved by an earlier search because the fresh request failed.
    public let stale: Bool

    public init(_ page: MoviesPage, stale: Bool = false) {
        self.page = page.page
        totalPages = page.totalPages
        movies = page.movies.map { MovieJSON($0) }
        self.stale = stale
    }
}

/// One movie in the JSON output (`strata movies show ID --json` prints one alone).
public struct MovieJSON: Encodable, Sendable, Equatable {
    public let id: Int
    public let title: String
    public let overview: String
    /// `YYYY-MM-DD` or `nil` (written as `null`).
    public let releaseDate: String?
    public let posterPath: String?
    /// What `show` adds, as its text does (`null` where the source has none); a search page keeps the shape
    /// above alone.
    public let genre: String?
    public let runtimeMinutes: Int?
    /// Out of 10.
    public let rating: Double?
    private let withDetails: Bool

    public init(_ movie: Movie, details: Bool = false) {
        withDetails = details
        id = movie.id
        title = movie.title
        overview = movie.overview
        releaseDate = movie.releaseDate.map(MovieDateFormat.iso)
        posterPath = movie.posterPath
        genre = movie.genre
        runtimeMinutes = movie.runtimeMinutes
        rating = movie.rating
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, overview, releaseDate, posterPath, genre, runtimeMinutes, rating
    }

    /// Writes every key, `null` included (synthesized encoding would leave out `nil`s).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(overview, forKey: .overview)
        try container.encode(releaseDate, forKey: .releaseDate)
        try container.encode(posterPath, forKey: .posterPath)
        guard withDetails else { return }
        try container.encode(genre, forKey: .genre)
        try container.encode(runtimeMinutes, forKey: .runtimeMinutes)
        try container.encode(rating, forKey: .rating)
    }
}
