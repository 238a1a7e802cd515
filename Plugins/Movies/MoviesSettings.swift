import Foundation
import MoviesData
import StrataPluginKit

/// `features.movies.settings`: the type and its defaults are generated from `plugin.json`, which also
/// declares what each value may be (the sources, http(s) URLs, the key's variable, the limits). Here they
/// become what Data takes: a `TMDBConfiguration`, a source.
extension MoviesSettings {
    /// Where movies come from: `plugin.json`'s choices for `source`.
    enum Source: String, Sendable, CaseIterable {
        /// The bundled catalog: offline, the default.
        case catalog
        /// TMDB's API, with a key from the environment.
        case tmdb
    }

    /// The `source` setting as a ``Source`` (the declaration let no other value through).
    var movieSource: Source { Source(rawValue: source) ?? .catalog }

    /// How to reach TMDB; the key is read from `environment` (the process environment), never from the config.
    func tmdbConfiguration(environment: [String: String]) -> TMDBConfiguration {
        TMDBConfiguration(baseURL: baseURL, imagesBaseURL: imagesBaseURL, apiKey: environment[apiKeyEnvironment],
                          apiKeyEnvironment: apiKeyEnvironment, language: language)
    }
}
