import Foundation

/// The real TMDB responses in `shared/data/tmdb/` (see `shared/data/PROVENANCE.md`), found next to the
/// repository (`<repo>/../shared/data`) or at `$STRATA_SHARED_DATA`.
enum SharedSamples {
    /// A sample file that isn't where the tests look for it.
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "missing sample \(path); set STRATA_SHARED_DATA to the shared/data folder" }
    }

    static var folder: URL {
        if let override = ProcessInfo.processInfo.environment["STRATA_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        // <repo>/Tests/Movies/DataTests/Support/SharedSamples.swift → <repo>/../shared/data
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// The JSON text of `tmdb/<name>`.
    static func tmdb(_ name: String) throws -> String {
        let url = folder.appendingPathComponent("tmdb").appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(path: url.path) }
        return String(decoding: data, as: UTF8.self)
    }

    static var fightClub: String { get throws { try tmdb("search_movie_fight_club.c-eg.json") } }
    static var singleResult: String { get throws { try tmdb("search_movie_single_result.jdrouet.json") } }
    static var details550: String { get throws { try tmdb("movie_details_550.jdrouet.json") } }
    static var invalidKey401: String { get throws { try tmdb("error_invalid_api_key_401.jdrouet.json") } }
    static var notFound404: String { get throws { try tmdb("error_resource_not_found_404.adamayoung.json") } }
}
