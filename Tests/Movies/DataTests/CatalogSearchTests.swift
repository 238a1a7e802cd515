import Foundation
@testable import MoviesData
import MoviesDomain
import Testing

private func record(_ id: Int, _ title: String, rating: Double? = nil, votes: Int? = nil, date: String? = nil) -> CatalogMovieRecord {
    CatalogMovieRecord(id: id, title: title, date: date, genre: nil, director: nil, distributor: nil, mpaa: nil, minutes: nil,
                       imdbRating: rating, imdbVotes: votes, rottenTomatoes: nil, creativeType: nil, basedOn: nil,
                       usGross: nil, worldwideGross: nil, budget: nil)
}

@Suite struct CatalogSearchTests {
    @Test func ranksExactThenPrefixThenWordThenSubstringThenByRating() {
        let catalog = MoviesCatalog(records: [
            record(1, "Starman", rating: 9.0),          // substring? no: prefix "star"
            record(2, "Lone Star", rating: 8.0),        // word
            record(3, "Mustard Star", rating: 9.5),     // word
            record(4, "Superstar", rating: 9.9),        // substring
            record(5, "Star", rating: 1.0),             // exact
            record(6, "Star Wars", rating: 8.8),        // prefix
            record(7, "Unrated Star"),                  // word, no rating
            record(8, "Blade Runner", rating: 8.2),     // no match
        ])
        let ids = catalog.search("STAR", page: 1).movies.map(\.id)
        #expect(ids == [5, 1, 6, 3, 2, 7, 4])
    }

    @Test func equalRatingsAreOrderedByVotesThenTitle() {
        let catalog = MoviesCatalog(records: [
            record(1, "B Night", rating: 7, votes: 10), record(2, "A Night", rating: 7, votes: 10),
            record(3, "C Night", rating: 7, votes: 500),
        ])
        #expect(catalog.search("night", page: 1).movies.map(\.id) == [3, 2, 1])
    }

    @Test func pagesHoldTwentyWithTheRealTotal() {
        let catalog = MoviesCatalog(records: (1...45).map { record($0, "Movie \($0)", rating: Double($0) / 10) })
        let first = catalog.search("movie", page: 1), third = catalog.search("movie", page: 3)
        #expect(first.totalPages == 3 && first.movies.count == 20 && first.movies.first?.id == 45)
        #expect(third.page == 3 && third.totalPages == 3 && third.movies.map(\.id) == [5, 4, 3, 2, 1])
        let beyond = catalog.search("movie", page: 4)
        #expect(beyond.movies.isEmpty && beyond.totalPages == 3)
        #expect(catalog.search("nothing like this", page: 1) == MoviesPage(page: 1, totalPages: 0, movies: []))
        #expect(catalog.search("   ", page: 1).movies.isEmpty)
    }

    /// `movies search the --page 9223372036854775807` trapped working out where the page starts (SIGILL), and
    /// Movies was then skipped as crashed.
    @Test func aPageFarPastTheLastIsEmptyNotATrap() {
        let catalog = MoviesCatalog(records: (1...45).map { record($0, "Movie \($0)", rating: Double($0) / 10) })
        for page in [Int.max, Int.max / 20 + 2] {
            let beyond = catalog.search("movie", page: page)
            #expect(beyond.page == page && beyond.totalPages == 3 && beyond.movies.isEmpty)
        }
    }

    @Test func foldingIgnoresCaseDiacriticsAndExtraSpaces() {
        #expect(MoviesCatalog.fold("  Le Fabuleux   destin d'AMÉLIE ") == "le fabuleux destin d'amelie")
        #expect(MoviesCatalog.rank("die falscher", "falscher") == 2)
        #expect(MoviesCatalog.rank("superstar", "star") == 3)
        #expect(MoviesCatalog.rank("starman", "man") == 3)
        #expect(MoviesCatalog.rank("blade runner", "star") == nil)
    }
}

@Suite struct BundledCatalogTests {
    private static let shared = CatalogMoviesRepository()
    private var repository: CatalogMoviesRepository { Self.shared }

    private func search(_ text: String, page: Int = 1) async throws -> MoviesPage {
        var pages: [MoviesPageUpdate] = []
        for try await update in repository.fetchMoviesList(query: MovieQuery(query: text), page: page) { pages.append(update) }
        #expect(pages.count == 1 && pages[0].isFresh)
        return try #require(pages.last?.page)
    }

    @Test func theBundledCatalogHoldsEveryTitledRowOfTheVegaTable() throws {
        // 3,201 rows, one with a null title.
        #expect(try repository.count() == 3_200)
    }

    @Test func diacriticInsensitiveSearchFindsRepairedTitles() async throws {
        let amelie = try await search("amelie")
        #expect(amelie.movies.map(\.title) == ["Le Fabuleux destin d'Amélie Poulain"])
        let leon = try await search("LEON")
        #expect(leon.movies.first?.title == "Léon")
    }

    @Test func numericTitlesAreSearchableAsText() async throws {
        let page = try await search("1776")
        #expect(page.movies.first?.title == "1776")
        #expect(page.movies.first?.releaseDate == Date(timeIntervalSince1970: 90_115_200)) // 1972-11-09, from "Nov 09 1972"
    }

    @Test func centuryLateDatesOfTheSourceAreMovedBack() async throws {
        let page = try await search("gone with the wind")
        #expect(page.movies.first?.releaseDate == Date(timeIntervalSince1970: -948_240_000)) // 1939-12-15, not 2039
    }

    @Test func exactTitleComesBeforeBetterRatedPrefixMatches() async throws {
        let page = try await search("alien")
        #expect(page.movies.first?.title == "Alien")
        #expect(page.movies.dropFirst().first?.title == "Aliens") // prefix match, IMDb 8.5
    }

    @Test func commonWordPagesThroughEveryMatchOnce() async throws {
        let first = try await search("the")
        #expect(first.totalPages > 5 && first.movies.count == 20)
        var ids = Set<Int>()
        for page in 1...first.totalPages {
            let movies = try await search("the", page: page).movies
            #expect(page == first.totalPages ? (1...20).contains(movies.count) : movies.count == 20)
            ids.formUnion(movies.map(\.id))
        }
        #expect(ids.count > (first.totalPages - 1) * 20)
    }

    @Test func showFindsAMovieByIdWithAnOverviewFromItsFields() async throws {
        let movie = try await repository.fetchMovie(id: 22)
        #expect(movie.title == "1776")
        #expect(movie.overview.contains("Historical Fiction Drama") && movie.overview.contains("Rated PG"))
        #expect(movie.posterPath == nil)
        await #expect(throws: MoviesError.movieNotFound(id: 3054, source: "catalog")) { try await repository.fetchMovie(id: 3054) }
    }

    @Test func overviewsEndSentencesWithOnePeriod() async throws {
        // "Warner Bros." ends the first sentence of this row.
        let movie = try await repository.fetchMovie(id: 2906)
        #expect(movie.overview.hasPrefix("Science Fiction Adventure released by Warner Bros. Rated PG, 98 min."))
        #expect(!movie.overview.contains(".."))
    }

    /// Counts agree with their nouns ("1 votes" before), and a figure too large for an Int is no trap.
    @Test func overviewsCountInTheRightNumberAndSurviveHugeFigures() {
        #expect(record(1, "One", rating: 7, votes: 1).overview == "IMDb 7/10 (1 vote).")
        #expect(record(2, "Two", rating: 7, votes: 2_000).overview == "IMDb 7/10 (2,000 votes).")
        let huge = CatalogMovieRecord(id: 3, title: "Huge", date: nil, genre: nil, director: nil, distributor: nil, mpaa: nil,
                                      minutes: nil, imdbRating: nil, imdbVotes: nil, rottenTomatoes: nil, creativeType: nil,
                                      basedOn: nil, usGross: nil, worldwideGross: 1e300, budget: nil)
        #expect(huge.overview.hasPrefix("Worldwide gross $1e+300"))
    }

    @Test func aMissingCatalogIsAnErrorNotACrash() async throws {
        let missing = CatalogMoviesRepository(location: { URL(fileURLWithPath: "/nonexistent/movies-catalog.json") })
        await #expect(throws: MoviesError.self) { try await missing.fetchMovie(id: 1) }
        var failed = false
        do { for try await _ in missing.fetchMoviesList(query: MovieQuery(query: "x"), page: 1) {} } catch { failed = error is MoviesError }
        #expect(failed)
    }
}
