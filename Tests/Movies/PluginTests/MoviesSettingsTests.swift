import Foundation
import MoviesData
@testable import MoviesPlugin
import StrataPluginKit
import Testing

@Suite struct MoviesSettingsTests {
    private func decode(_ json: String) throws -> MoviesSettings {
        try PluginSettings(json: Array(json.utf8), pluginID: "movies", source: "strata.json").decode(MoviesSettings.self)
    }

    /// The key and message of the settings error `json` causes.
    private func failure(_ json: String) -> (key: String, message: String)? {
        do {
            _ = try decode(json)
            return nil
        } catch let error as PluginSettingsError {
            return (String(error.keyPath.dropFirst("features.movies.settings.".count)), error.problem)
        } catch {
            return ("?", "\(error)")
        }
    }

    @Test func anEmptyObjectGivesTheOfflineDefaults() throws {
        let settings = try decode("{}")
        #expect(settings == MoviesSettings())
        #expect(settings.source == .catalog && settings.apiKeyEnvironment == "TMDB_API_KEY")
        #expect(settings.baseURL.absoluteString == "https://api.themoviedb.org")
        #expect(settings.language == "en-US" && settings.recentQueriesLimit == 10)
        #expect(settings.posterMaxMegabytes == 10)
    }

    @Test func everyKeyIsRead() throws {
        let settings = try decode(#"{"source":"tmdb","baseURL":"http://127.0.0.1:8080","apiKeyEnvironment":"MY_API_KEY","language":"de-DE","recentQueriesLimit":5,"posterMaxMegabytes":3}"#)
        #expect(settings.source == .tmdb && settings.baseURL.absoluteString == "http://127.0.0.1:8080")
        #expect(settings.apiKeyEnvironment == "MY_API_KEY" && settings.language == "de-DE" && settings.recentQueriesLimit == 5)
        #expect(settings.posterMaxMegabytes == 3)
    }

    @Test func wrongValuesNameTheKeyAndTheFix() {
        let source = failure(#"{"source":"imdb"}"#)
        #expect(source?.key == "source" && source?.message.contains("\"catalog\"") == true)
        #expect(failure(#"{"baseURL":"ftp://example.com"}"#)?.key == "baseURL")
        #expect(failure(#"{"recentQueriesLimit":0}"#)?.key == "recentQueriesLimit")
        #expect(failure(#"{"posterMaxMegabytes":0}"#)?.key == "posterMaxMegabytes")
        #expect(failure(#"{"posterMaxMegabytes":9223372036854775807}"#)?.message.contains("use 1 to 1000") == true)
        #expect(failure(#"{"apiKeyEnvironment":"TMDB_API_KEY=abc"}"#)?.key == "apiKeyEnvironment")
        let secret = failure(#"{"apiKeyEnvironment":"AWS_SECRET_ACCESS_KEY"}"#)
        #expect(secret?.key == "apiKeyEnvironment" && secret?.message.contains("_API_KEY or _TOKEN") == true)
    }

    @Test func theKeyComesFromTheNamedEnvironmentVariable() throws {
        let settings = try decode(#"{"apiKeyEnvironment":"MY_API_KEY"}"#)
        #expect(settings.tmdbConfiguration(environment: ["MY_API_KEY": " 0123456789abcdef0123456789abcdef\n"]).apiKey == "0123456789abcdef0123456789abcdef")
        #expect(settings.tmdbConfiguration(environment: ["TMDB_API_KEY": "other"]).apiKey == nil)
        let token = settings.tmdbConfiguration(environment: ["MY_API_KEY": "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ4In0.c2ln"])
        #expect(token.usesBearerToken)
    }
}
