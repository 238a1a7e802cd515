import Foundation
import MoviesDomain

/// The bundled movies, searchable by title ignoring case and diacritics ("amelie" finds "Amélie").
///
/// Results are ranked: the whole title, then titles starting with the query, then titles with a word
/// starting with it, then titles containing it anywhere; within a rank, higher IMDb rating first (unrated
/// last), then more votes, then title and id so the order is stable.
struct MoviesCatalog: Sendable {
    /// Results per page, like TMDB.
    static let pageSize = 20

    private struct Entry: Sendable {
        let record: CatalogMovieRecord
        let folded: String
    }

    private let entries: [Entry]
    private let byID: [Int: CatalogMovieRecord]

    init(records: [CatalogMovieRecord]) {
        entries = records.map { Entry(record: $0, folded: Self.fold($0.title)) }
        byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads a catalog file.
    /// - Throws: `MoviesError.catalogUnavailable` naming the file and what is wrong.
    init(contentsOf url: URL) throws {
        do {
            let data = try Data(contentsOf: url)
            self.init(records: try JSONDecoder().decode(CatalogFile.self, from: data).movies)
        } catch {
            throw MoviesError.catalogUnavailable("\(url.path): \(error)")
        }
    }

    var count: Int { entries.count }

    func record(id: Int) -> CatalogMovieRecord? { byID[id] }

    /// Page `page` (from 1) of the matches for `query`; an empty query matches nothing.
    func search(_ query: String, page: Int) -> MoviesPage {
        let needle = Self.fold(query)
        guard !needle.isEmpty else { return MoviesPage(page: page, totalPages: 0, movies: []) }
        let ranked = entries.compactMap { entry in Self.rank(entry.folded, needle).map { (entry.record, $0) } }
            .sorted { lhs, rhs in Self.precedes(lhs, rhs) }
        let totalPages = (ranked.count + Self.pageSize - 1) / Self.pageSize
        // A page far past the last (`--page 9223372036854775807`) is past it, not an overflow that traps.
        let (start, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: Self.pageSize)
        let slice = page >= 1 && !overflow && start < ranked.count ? ranked[start..<min(start + Self.pageSize, ranked.count)] : []
        return MoviesPage(page: page, totalPages: totalPages, movies: slice.map { $0.0.toDomain() })
    }

    /// Lowercased, without diacritics, with runs of spaces as one space.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// 0 exact, 1 prefix, 2 word start, 3 anywhere; `nil` when `title` doesn't contain `needle`.
    static func rank(_ title: String, _ needle: String) -> Int? {
        if title == needle { return 0 }
        if title.hasPrefix(needle) { return 1 }
        var searchRange = title.startIndex..<title.endIndex
        var found = false
        while let range = title.range(of: needle, range: searchRange) {
            found = true
            let before = title[title.index(before: range.lowerBound)]
            if !before.isLetter && !before.isNumber { return 2 }
            searchRange = title.index(after: range.lowerBound)..<title.endIndex
        }
        return found ? 3 : nil
    }

    private static func precedes(_ lhs: (CatalogMovieRecord, Int), _ rhs: (CatalogMovieRecord, Int)) -> Bool {
        if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
        let left = lhs.0, right = rhs.0
        if left.imdbRating != right.imdbRating { return (left.imdbRating ?? -1) > (right.imdbRating ?? -1) }
        if left.imdbVotes != right.imdbVotes { return (left.imdbVotes ?? -1) > (right.imdbVotes ?? -1) }
        if left.title != right.title { return left.title < right.title }
        return left.id < right.id
    }
}
