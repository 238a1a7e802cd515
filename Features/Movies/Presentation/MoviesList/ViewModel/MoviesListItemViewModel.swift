import Foundation
import MoviesDomain
import StrataBase

/// One row of the movies list.
public struct MoviesListItemViewModel: Sendable, Hashable, Identifiable {
    public let movie: Movie
    /// The film's title, or "Untitled" when it shows nothing (empty, blank, or escape sequences alone, which
    /// the screen strips): the row was blank and the title bar ended in "Movies ›".
    public let title: String
    public let overview: String
    /// "Release Date: Oct 15, 1999", or "To be announced".
    public let releaseDate: String
    /// "Oct 15, 1999", or "To be announced": the date where its label leaves it no room.
    public let releaseDay: String
    public let posterImagePath: String?
    /// "Drama · 139 min · 8.4/10": what the source says of the film's kind, length and rating; `nil` when nothing.
    public let facts: String?

    public var id: Int { movie.id }

    public init(movie: Movie) {
        self.movie = movie
        title = Sanitizer.sanitize(movie.title).trimmingCharacters(in: .whitespaces).isEmpty ? "Untitled" : movie.title
        overview = movie.overview
        releaseDay = movie.releaseDate.map(MovieDateFormat.medium) ?? "To be announced"
        releaseDate = movie.releaseDate == nil ? releaseDay : "Release Date: \(releaseDay)"
        posterImagePath = movie.posterPath
        let rating = movie.rating.map { (($0 * 10).rounded() / 10).formatted(.number.precision(.fractionLength(1))) + "/10" }
        let parts = [movie.genre, movie.runtimeMinutes.map { "\($0) min" }, rating].compactMap { $0 }
        facts = parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// How release dates read (they are days at 00:00 UTC).
enum MovieDateFormat {
    private static let mediumStyle = Date.FormatStyle(
        date: .abbreviated, time: .omitted,
        locale: Locale(identifier: "en_US_POSIX"),
        calendar: Calendar(identifier: .gregorian),
        timeZone: TimeZone(identifier: "UTC")!)
    private static let isoStyle = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day()

    /// "Oct 15, 1999".
    static func medium(_ date: Date) -> String { date.formatted(mediumStyle) }
    /// "1999-10-15".
    static func iso(_ date: Date) -> String { date.formatted(isoStyle) }
}
