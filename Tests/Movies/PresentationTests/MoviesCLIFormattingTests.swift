import Foundation
import MoviesDomain
import MoviesPresentation
import MoviesTesting
import Testing

@Suite struct MoviesCLIFormattingTests {
    @Test func jsonHasExactlyTheIssuesShapeWithNulls() throws {
        let page = MoviesPage(page: 1, totalPages: 2, movies: [
            Movie(id: 550, title: "Fight Club", overview: "Soap.", posterPath: "/p.jpg", releaseDate: Date(timeIntervalSince1970: 939_945_600)),
            Movie(id: 973534, title: "Undated", overview: "", posterPath: nil, releaseDate: nil),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(MoviesPageJSON(page)), as: UTF8.self)
        #expect(json == #"{"movies":[{"id":550,"overview":"Soap.","posterPath":"/p.jpg","releaseDate":"1999-10-15","title":"Fight Club"},"#
            + #"{"id":973534,"overview":"","posterPath":null,"releaseDate":null,"title":"Undated"}],"page":1,"stale":false,"totalPages":2}"#)
        let stale = String(decoding: try encoder.encode(MoviesPageJSON(page, stale: true)), as: UTF8.self)
        #expect(stale.contains(#""stale":true"#))
    }

    @Test func searchTextListsIdsDatesTitlesAndTheNextPageCommand() {
        let page = MoviesPage(page: 1, totalPages: 2, movies: [
            Movie(id: 550, title: "Fight Club", releaseDate: Date(timeIntervalSince1970: 939_945_600)),
            Movie(id: 7, title: "Undated"),
        ])
        let text = MoviesTextFormatter.searchResults(page, query: "fight club")
        #expect(text.contains("  550  1999-10-15  Fight Club\n"))
        #expect(text.contains("    7  TBA         Undated\n"))
        #expect(text.contains("strata movies search 'fight club' --page 2"))
    }

    @Test func emptyResultsAndRecentQueriesSayWhatToDo() {
        #expect(MoviesTextFormatter.searchResults(MoviesPage(page: 1, totalPages: 0, movies: []), query: "zz") == "No movies found for \"zz\".\n")
        #expect(MoviesTextFormatter.recentQueries([]).contains("strata movies search QUERY"))
        #expect(MoviesTextFormatter.recentQueries([MovieQuery(query: "b"), MovieQuery(query: "a")]) == "b\na\n")
    }

    @Test func wrapKeepsLinesWithinTheWidth() {
        let text = MoviesTextFormatter.wrap("one two three four five six", width: 9)
        #expect(text == "one two\nthree\nfour five\nsix")
    }

    /// Details say what the source knows of the film's kind, length and rating, and whose id it is.
    @Test func detailsShowTheFactsTheSourceHas() {
        let movie = Movie(id: 550, title: "Fight Club", overview: "An insomniac.", posterPath: "/p.jpg", genre: "Drama",
                          runtimeMinutes: 139, rating: 8.433)
        let text = MoviesTextFormatter.details(movie, source: "TMDB") { URL(string: "https://image.tmdb.org/t/p/w500" + $0)! }
        #expect(text.hasPrefix("Fight Club  (TMDB id 550)\nTo be announced\nDrama · 139 min · 8.4/10\nPoster: https://image.tmdb.org/t/p/w500/p.jpg\n"))
        let bare = MoviesTextFormatter.details(Movie(id: 7, title: "Untold"), source: "catalog") { _ in URL(string: "x:")! }
        #expect(bare == "Untold  (catalog id 7)\nTo be announced\n\nNo overview.\n")
    }
}
