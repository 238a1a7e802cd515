import Foundation
import MoviesDomain

/// The plain-text output of `strata movies …` commands.
public enum MoviesTextFormatter {
    /// A results page: one line per movie (id, title, release day), then how to get the next page. (A page
    /// past the last is an error, `MoviesError.pageOutOfRange`.)
    public static func searchResults(_ page: MoviesPage, query: String) -> String {
        guard !page.movies.isEmpty else { return "No movies found for \"\(query)\".\n" }
        let idWidth = page.movies.map { String($0.id).count }.max() ?? 1
        var text = "Movies for \"\(query)\", page \(page.page) of \(page.totalPages):\n"
        for movie in page.movies {
            let id = String(movie.id)
            let date = movie.releaseDate.map(MovieDateFormat.iso) ?? "TBA"
            text +=
                "  " + String(repeating: " ", count: idWidth - id.count) + id + "  " + date.padding(toLength: 10, withPad: " ", startingAt: 0)
                + "  " + singleLine(movie.title) + "\n"
        }
        if page.hasMorePages {
            text += "More: strata movies search \(shellQuoted(query)) --page \(page.page + 1)\n"
        }
        text += "Details: strata movies show ID\n"
        return text
    }

    /// Recent queries, newest first.
    public static func recentQueries(_ queries: [MovieQuery]) -> String {
        guard !queries.isEmpty else { return "No recent searches yet. Search with: strata movies search QUERY\n" }
        return queries.map { $0.query + "\n" }.joined()
    }

    /// One movie: title, its id in its source's id space (the catalog's and TMDB's ids are different films),
    /// release date, the poster's address and the overview wrapped to `width` columns.
    /// - Parameter posterURL: the poster's image address for its path.
    public static func details(_ movie: Movie, source: String, posterURL: (String) -> URL, width: Int = 80) -> String {
        let item = MoviesListItemViewModel(movie: movie)
        var text = "\(singleLine(movie.title))  (\(source) id \(movie.id))\n\(item.releaseDate)\n"
        if let facts = item.facts { text += facts + "\n" }
        if let posterPath = movie.posterPath { text += "Poster: \(posterURL(posterPath).absoluteString)\n" }
        text += "\n" + wrap(movie.overview.isEmpty ? "No overview." : movie.overview, width: width) + "\n"
        return text
    }

    /// Words of `text` on lines of at most `width` characters (a longer word gets a line of its own).
    public static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    private static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
