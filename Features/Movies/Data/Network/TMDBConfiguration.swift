import Foundation
import StrataNetworking

/// How to reach TMDB: the API's base URL, the key and where it came from, the language of the answers.
public struct TMDBConfiguration: Sendable {
    /// TMDB's API, `https://api.themoviedb.org` (paths start with `3/`).
    public var baseURL: URL
    /// Where poster images come from.
    public var imagesBaseURL: URL
    /// The key from the environment, `nil` when the variable is unset or empty.
    public var apiKey: String?
    /// The environment variable the key is read from, named in errors.
    public var apiKeyEnvironment: String
    /// The answers' language, e.g. `en-US`.
    public var language: String
    /// Seconds to wait for an answer.
    public var timeout: Double

    public init(
        baseURL: URL = URL(string: "https://api.themoviedb.org")!,
        imagesBaseURL: URL = URL(string: "https://image.tmdb.org")!,
        apiKey: String?, apiKeyEnvironment: String = "TMDB_API_KEY", language: String = "en-US",
        timeout: Double = 15
    ) {
        self.baseURL = baseURL
        self.imagesBaseURL = imagesBaseURL
        let trimmed = apiKey?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.apiKey = trimmed?.isEmpty == false ? trimmed : nil
        self.apiKeyEnvironment = apiKeyEnvironment
        self.language = language
        self.timeout = timeout
    }

    /// Whether the key is a v4 read access token (a JWT, sent as `Authorization: Bearer`) rather than a
    /// v3 API key (32 hex digits, sent as the `api_key` query item).
    public var usesBearerToken: Bool {
        guard let apiKey else { return false }
        return apiKey.split(separator: ".", omittingEmptySubsequences: false).count == 3 && apiKey.hasPrefix("eyJ")
    }

    /// The header fields that authenticate a request.
    var authorizationHeaders: [String: String] {
        guard let apiKey, usesBearerToken else { return ["Accept": "application/json"] }
        return ["Accept": "application/json", "Authorization": "Bearer \(apiKey)"]
    }

    /// The query items that authenticate a request.
    var authorizationQuery: [QueryItem] {
        guard let apiKey, !usesBearerToken else { return [] }
        return [QueryItem(name: "api_key", value: apiKey)]
    }
}
