import FoundationEssentials
import StrataBase
import StrataPluginKit
import Testing

/// A settings type as the build tool generates it, read through the one check of declared rules.
struct SampleSettings: DeclaredSettings {
    static let declared: [PluginDescriptor.Setting] = [
        PluginDescriptor.Setting(key: "limit", type: .integer, defaultValue: "10", description: "How many", minimum: 1, maximum: 100),
        PluginDescriptor.Setting(key: "source", type: .string, defaultValue: "catalog", description: "Where", choices: ["catalog", "tmdb"]),
        PluginDescriptor.Setting(key: "baseURL", type: .string, description: "The API", format: .httpURL),
        PluginDescriptor.Setting(key: "apiKeyEnvironment", type: .string, defaultValue: "MY_API_KEY", description: "The key's variable",
                                 format: .apiKeyVariable),
        PluginDescriptor.Setting(key: "token", type: .string, description: "A secret", secret: true, choices: ["a"]),
    ]
    var limit = 10
    var source = "catalog"
    var baseURL: URL?
    var apiKeyEnvironment = "MY_API_KEY"

    init(_ values: SettingValues) {
        limit = values.integer("limit") ?? limit
        source = values.string("source") ?? source
        baseURL = values.url("baseURL").flatMap(URL.init(string:))
        apiKeyEnvironment = values.string("apiKeyEnvironment") ?? apiKeyEnvironment
    }

    static func key(_ property: PartialKeyPath<Self>) -> String {
        property == \Self.baseURL ? "baseURL" : ""
    }

    func ruleProblem() -> (setting: PartialKeyPath<Self>, problem: String)? {
        source == "tmdb" && baseURL == nil ? (\.baseURL, "tmdb needs a baseURL") : nil
    }
}

@Suite struct DeclaredSettingsTests {
    func decode(_ json: String) throws(PluginSettingsError) -> SampleSettings {
        try PluginSettings(json: Array(json.utf8), pluginID: "alpha", source: "strata.json").decode(SampleSettings.self)
    }

    func problem(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesAreReadAndDefaultsKept() throws {
        let empty = try decode("{}")
        #expect(empty.limit == 10 && empty.source == "catalog" && empty.baseURL == nil)
        let given = try decode(#"{"limit": 5, "source": "tmdb", "baseURL": "http://127.0.0.1:8080", "unknown": 1}"#)
        #expect(given.limit == 5 && given.source == "tmdb" && given.baseURL?.port == 8080)
    }

    @Test func whatTheDeclarationRefusesNamesTheKeyAndTheFix() {
        #expect(problem(#"{"limit": 0}"#) == "alpha: invalid setting `features.alpha.settings.limit` in strata.json: 0 is out of range; use 1 to 100")
        #expect(problem(#"{"limit": 9223372036854775807}"#)?.hasSuffix("is out of range; use 1 to 100") == true)
        #expect(problem(#"{"limit": 2.5}"#)?.hasSuffix("expected a whole number, found a number with a fraction") == true)
        #expect(problem(#"{"limit": "5"}"#)?.hasSuffix("expected a whole number, found a string") == true)
        #expect(problem(#"{"source": "imdb"}"#)?.hasSuffix(#""imdb" is not one of "catalog", "tmdb""#) == true)
        #expect(problem(#"{"baseURL": "ftp://example.com"}"#)?.contains("is not an http(s) URL") == true)
        #expect(problem(#"{"apiKeyEnvironment": "AWS_SECRET_ACCESS_KEY"}"#)?.contains("_API_KEY or _TOKEN") == true)
        #expect(problem(#"{"source": "tmdb"}"#) == "alpha: invalid setting `features.alpha.settings.baseURL` in strata.json: tmdb needs a baseURL")
        #expect(problem("[]")?.hasSuffix("expected an object") == true)
    }

    @Test func aSecretValueIsNeverQuoted() {
        let text = problem(#"{"token": "sk-live-123"}"#)
        #expect(text?.contains("the value is not one of") == true && text?.contains("sk-live") == false)
    }
}
