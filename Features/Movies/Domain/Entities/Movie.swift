import Foundation

/// A film as the Movies feature shows it, whatever source found it.
public struct Movie: Sendable, Hashable, Identifiable {
    /// The source's id: TMDB's movie id, or the row number in the bundled catalog.
    public let id: Int
    public let title: String
    /// A paragraph about the film; empty when the source has none.
    public let overview: String
    /// TMDB's poster path (`/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg`), `nil` when there is no poster.
    public let posterPath: String?
    /// The day of release at 00:00 UTC, `nil` when the source doesn't know it yet.
    public let releaseDate: Date?
    /// The film's (first) genre, as kudoleh's `Movie.genre`, when the source says.
    public let genre: String?
    public let runtimeMinutes: Int?
    /// The audience's rating out of 10 (IMDb's in the catalog, TMDB's vote average), when the source has one.
    public let rating: Double?

    public init(
        id: Int, title: String, overview: String = "", posterPath: String? = nil, releaseDate: Date? = nil,
        genre: String? = nil, runtimeMinutes: Int? = nil, rating: Double? = nil
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.posterPath = posterPath
        self.releaseDate = releaseDate
        self.genre = genre
        self.runtimeMinutes = runtimeMinutes
        self.rating = rating
    }
}
