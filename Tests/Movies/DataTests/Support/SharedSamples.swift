import Foundation

/// The real TMDB responses in `Tests/Fixtures/Data/tmdb/` (their sources are in `Tests/Fixtures/Data/PROVENANCE.md`).
enum SharedSamples {
    /// A sample file that isn't where the tests look for it.
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "missing sample \(path) (it belongs to the repository: Tests/Fixtures/Data)" }
    }

    static let folder: URL = {
        // <repo>/Tests/Movies/DataTests/Support/SharedSamples.swift → <repo>/Tests/Fixtures/Data
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Tests/Fixtures/Data")
    }()

    /// The JSON text of `tmdb/<name>`.
    static func tmdb(_ name: String) throws -> String {
        let url = folder.appendingPathComponent("tmdb").appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(path: url.path) }
        return String(decoding: data, as: UTF8.self)
    }

    /// The bytes of `images/<name>`.
    static func image(_ name: String) throws -> Data {
        let url = folder.appendingPathComponent("images").appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(path: url.path) }
        return data
    }

    /// libjpeg-turbo's test picture, 227×149, as a JPEG and as the uncompressed PPM it was made from.
    static var testJPEG: Data { get throws { try image("testorig.libjpeg-turbo.jpg") } }
    static var testPPM: Data { get throws { try image("testorig.libjpeg-turbo.ppm") } }

    static var fightClub: String { get throws { try tmdb("search_movie_fight_club.c-eg.json") } }
    static var singleResult: String { get throws { try tmdb("search_movie_single_result.jdrouet.json") } }
    static var details550: String { get throws { try tmdb("movie_details_550.jdrouet.json") } }
    static var invalidKey401: String { get throws { try tmdb("error_invalid_api_key_401.jdrouet.json") } }
    static var notFound404: String { get throws { try tmdb("error_resource_not_found_404.adamayoung.json") } }
}
