import Foundation
import MoviesDomain

/// One row of `movies-catalog.json` (see `Resources/README.md`); only `id` and `title` are always there.
struct CatalogMovieRecord: Decodable, Sendable {
    let id: Int
    let title: String
    let date: String?
    let genre: String?
    let director: String?
    let distributor: String?
    let mpaa: String?
    let minutes: Int?
    let imdbRating: Double?
    let imdbVotes: Int?
    let rottenTomatoes: Int?
    let creativeType: String?
    let basedOn: String?
    let usGross: Double?
    let worldwideGross: Double?
    let budget: Double?
}

/// The whole catalog file.
struct CatalogFile: Decodable, Sendable {
    let source: String
    let movies: [CatalogMovieRecord]
}

// MARK: - Mapping to Domain

extension CatalogMovieRecord {
    func toDomain() -> Movie {
        Movie(
            id: id, title: title, overview: overview, posterPath: nil, releaseDate: date.flatMap(ReleaseDay.date(from:)),
            genre: genre, runtimeMinutes: minutes, rating: imdbRating)
    }

    /// A few sentences made only from the row's own fields, e.g.
    /// "Drama directed by James Cameron, released by Paramount Pictures. Rated PG-13, 194 min. IMDb 7.4/10
    /// (240,732 votes), Rotten Tomatoes 83%. Worldwide gross $1,842,879,955 on a $200,000,000 budget."
    var overview: String {
        var sentences: [String] = []
        let subject = [creativeType, genre].compactMap { $0 }.joined(separator: " ")
        let credits = [director.map { "directed by \($0)" }, distributor.map { "released by \($0)" }].compactMap { $0 }
        if !subject.isEmpty || !credits.isEmpty {
            var first = subject.isEmpty ? "A film" : subject
            if !credits.isEmpty { first += " " + credits.joined(separator: ", ") }
            if let basedOn, basedOn != "Original Screenplay" { first += " (\(basedOn.lowercased()))" }
            sentences.append(first.hasSuffix(".") ? first : first + ".")
        }
        let rating = [mpaa.map { "Rated \($0)" }, minutes.map { "\($0) min" }].compactMap { $0 }
        if !rating.isEmpty { sentences.append(rating.joined(separator: ", ") + ".") }
        var scores: [String] = []
        if let imdbRating {
            scores.append("IMDb \(Self.decimal(imdbRating))/10" + (imdbVotes.map { " (\(Self.grouped(Double($0))) \($0 == 1 ? "vote" : "votes"))" } ?? ""))
        }
        if let rottenTomatoes { scores.append("Rotten Tomatoes \(rottenTomatoes)%") }
        if !scores.isEmpty { sentences.append(scores.joined(separator: ", ") + ".") }
        if let worldwideGross, worldwideGross > 0 {
            sentences.append(
                "Worldwide gross $\(Self.grouped(worldwideGross))"
                    + (budget.map { " on a $\(Self.grouped($0)) budget" } ?? "") + ".")
        } else if let budget {
            sentences.append("Budget $\(Self.grouped(budget)).")
        }
        return sentences.joined(separator: " ")
    }

    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func grouped(_ value: Double) -> String {
        // A figure too large for an Int (the catalog is data from outside) is written as it is.
        guard let whole = Int(exactly: value.rounded()) else { return String(value) }
        let digits = String(whole)
        var result = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return String(result.reversed())
    }
}
