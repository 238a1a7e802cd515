import Foundation

/// The real TMDB responses in `shared/data/tmdb/` (see `shared/data/PROVENANCE.md`), found next to the
/// repository (`<repo>/../shared/data`) or at `$STRATA_SHARED_DATA`.
enum SharedSamples {
    static var folder: URL {
        if let override = ProcessInfo.processInfo.environment["STRATA_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        // <repo>/Tests/Movies/DataTests/Support/SharedSamples.swift → <repo>/../shared/data
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    static func tmdb(_ name: String) throws -> Data {
        let url = folder.appendingPathComponent("tmdb").appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ServerError("missing sample \(url.path); set STRATA_SHARED_DATA to the shared/data folder")
        }
        return data
    }

    static var fightClub: Data { get throws { try tmdb("search_movie_fight_club.c-eg.json") } }
    static var singleResult: Data { get throws { try tmdb("search_movie_single_result.jdrouet.json") } }
    static var details550: Data { get throws { try tmdb("movie_details_550.jdrouet.json") } }
    static var invalidKey401: Data { get throws { try tmdb("error_invalid_api_key_401.jdrouet.json") } }
    static var notFound404: Data { get throws { try tmdb("error_resource_not_found_404.adamayoung.json") } }
}
