import Foundation
import MoviesData
import StrataPluginKit

/// `features.movies.settings`: the type and its defaults are generated from `plugin.json`, which also
/// declares what each value may be (the sources, `Source`, http(s) URLs, the key's variable, the limits).
/// Here they become what Data takes: a `TMDBConfiguration`.
extension MoviesSettings {
    /// How to reach TMDB; the key is read from `environment` (the process environment), never from the config.
    func tmdbConfiguration(environment: [String: String]) -> TMDBConfiguration {
        TMDBConfiguration(
            baseURL: baseURL, imagesBaseURL: imagesBaseURL, apiKey: environment[apiKeyEnvironment],
            apiKeyEnvironment: apiKeyEnvironment, language: language)
    }
}
