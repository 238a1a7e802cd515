import Foundation
import MoviesData
import StrataNetworking

/// `features.movies.settings` in the config, decoded here in the composition root and handed to Data as plain
/// values (`TMDBConfiguration`, a source, a limit). Every key is optional.
///
/// ```json
/// {"source": "tmdb", "baseURL": "https://api.themoviedb.org", "imagesBaseURL": "https://image.tmdb.org",
///  "apiKeyEnvironment": "TMDB_API_KEY", "language": "en-US", "recentQueriesLimit": 10, "posterCacheMegabytes": 20,
///  "posterMaxMegabytes": 10}
/// ```
struct MoviesSettings: Decodable, Sendable, Equatable {
    enum Source: String, Sendable, CaseIterable {
        /// The bundled catalog: offline, the default.
        case catalog
        /// TMDB's API, with a key from the environment.
        case tmdb
    }

    var source = Source.catalog
    var baseURL = URL(string: "https://api.themoviedb.org")!
    var imagesBaseURL = URL(string: "https://image.tmdb.org")!
    var apiKeyEnvironment = "TMDB_API_KEY"
    var language = "en-US"
    var recentQueriesLimit = 10
    /// The most the poster files kept on disk may take.
    var posterCacheMegabytes = 20
    /// The most one poster may take (decoded MB, 1,000,000 bytes); a larger answer is not read past it.
    var posterMaxMegabytes = 10

    /// How to reach TMDB; the key is read from `environment` (the process environment), never from the config.
    func tmdbConfiguration(environment: [String: String]) -> TMDBConfiguration {
        TMDBConfiguration(baseURL: baseURL, imagesBaseURL: imagesBaseURL, apiKey: environment[apiKeyEnvironment],
                          apiKeyEnvironment: apiKeyEnvironment, language: language)
    }

    private enum CodingKeys: String, CodingKey {
        case source, baseURL, imagesBaseURL, apiKeyEnvironment, language, recentQueriesLimit, posterCacheMegabytes, posterMaxMegabytes
    }

    /// The defaults: the offline catalog, TMDB's API and image URLs, `TMDB_API_KEY`, `en-US`, 10 recent queries,
    /// 20 MB of posters, 10 MB for one.
    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .source) {
            guard let source = Source(rawValue: text) else {
                throw DecodingError.dataCorruptedError(forKey: .source, in: container,
                    debugDescription: "\"\(text)\" is not a source; use \"catalog\" (offline) or \"tmdb\"")
            }
            self.source = source
        }
        baseURL = try Self.decodeURL(.baseURL, in: container, example: "https://api.themoviedb.org") ?? baseURL
        imagesBaseURL = try Self.decodeURL(.imagesBaseURL, in: container, example: "https://image.tmdb.org") ?? imagesBaseURL
        if let name = try container.decodeIfPresent(String.self, forKey: .apiKeyEnvironment) {
            guard APIKeyVariable.mayHoldKey(name) else {
                throw DecodingError.dataCorruptedError(forKey: .apiKeyEnvironment, in: container,
                    debugDescription: "give the name of \(APIKeyVariable.rule), e.g. \"TMDB_API_KEY\" (never the key itself)")
            }
            apiKeyEnvironment = name
        }
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
        if let limit = try container.decodeIfPresent(Int.self, forKey: .recentQueriesLimit) {
            guard (1...100).contains(limit) else {
                throw DecodingError.dataCorruptedError(forKey: .recentQueriesLimit, in: container,
                    debugDescription: "\(limit) is out of range; use 1 to 100")
            }
            recentQueriesLimit = limit
        }
        if let megabytes = try container.decodeIfPresent(Int.self, forKey: .posterCacheMegabytes) {
            guard (0...10_000).contains(megabytes) else {
                throw DecodingError.dataCorruptedError(forKey: .posterCacheMegabytes, in: container,
                    debugDescription: "\(megabytes) is out of range; use 0 (keep none) to 10000")
            }
            posterCacheMegabytes = megabytes
        }
        if let megabytes = try container.decodeIfPresent(Int.self, forKey: .posterMaxMegabytes) {
            guard (1...1_000).contains(megabytes) else {
                throw DecodingError.dataCorruptedError(forKey: .posterMaxMegabytes, in: container,
                    debugDescription: "\(megabytes) is out of range; use 1 to 1000")
            }
            posterMaxMegabytes = megabytes
        }
    }

    /// The http(s) URL at `key`, if the key is there.
    private static func decodeURL(_ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>, example: String) throws -> URL? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                debugDescription: "\"\(text)\" is not an http(s) URL, e.g. \"\(example)\"")
        }
        return url
    }
}
