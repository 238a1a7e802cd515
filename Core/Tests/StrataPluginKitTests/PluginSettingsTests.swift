import Foundation
import StrataPluginKit
import Testing

@Suite struct PluginSettingsTests {
    struct MoviesSettings: Decodable, Equatable {
        struct TMDB: Decodable, Equatable { var timeout: Double = 10 }
        var source = "catalog"
        var recentQueriesLimit = 10
        var tmdb = TMDB()
        var posterSizes: [Int] = []

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decodeIfPresent(String.self, forKey: .source) ?? source
            recentQueriesLimit = try container.decodeIfPresent(Int.self, forKey: .recentQueriesLimit) ?? recentQueriesLimit
            tmdb = try container.decodeIfPresent(TMDB.self, forKey: .tmdb) ?? tmdb
            posterSizes = try container.decodeIfPresent([Int].self, forKey: .posterSizes) ?? posterSizes
        }

        enum CodingKeys: String, CodingKey { case source, recentQueriesLimit, tmdb, posterSizes }
    }

    func settings(_ json: String) -> PluginSettings {
        PluginSettings(json: Array(json.utf8), pluginID: "alpha", source: "/home/ada/.config/strata/strata.json")
    }

    @Test func settingsDecode() throws {
        let decoded = try settings(#"{"source":"tmdb","tmdb":{"timeout":2.5}}"#).decode(MoviesSettings.self)

        #expect(decoded.source == "tmdb")
        #expect(decoded.tmdb.timeout == 2.5)
        #expect(decoded.recentQueriesLimit == 10)
    }

    @Test func emptySettingsDecodeToDefaults() throws {
        let decoded = try PluginSettings(pluginID: "alpha", source: "built-in defaults").decode(MoviesSettings.self)

        #expect(decoded == MoviesSettings())
    }

    @Test(arguments: [
        (#"{"recentQueriesLimit":"ten"}"#, "features.alpha.settings.recentQueriesLimit"),
        (#"{"tmdb":{"timeout":"soon"}}"#, "features.alpha.settings.tmdb.timeout"),
        (#"{"posterSizes":[92,"w185"]}"#, "features.alpha.settings.posterSizes[1]"),
        (#"{"source":null,"recentQueriesLimit":null,"tmdb":{"timeout":null}}"#, "features.alpha.settings.tmdb.timeout"),
    ])
    func aDecodingErrorNamesThePluginAndTheFullKeyPath(json: String, keyPath: String) throws {
        let error = #expect(throws: PluginSettingsError.self) { try settings(json).decode(MoviesSettings.self) }

        #expect(error?.pluginID == "alpha")
        #expect(error?.keyPath == keyPath)
        #expect(error?.source == "/home/ada/.config/strata/strata.json")
        let description = try #require(error?.description)
        #expect(description.hasPrefix("alpha: invalid setting `\(keyPath)` in /home/ada/.config/strata/strata.json: "))
    }

    @Test func aMissingRequiredKeyIsNamedInThePath() throws {
        struct Strict: Decodable { let apiKeyVariable: String }

        let error = #expect(throws: PluginSettingsError.self) {
            try PluginSettings(pluginID: "beta", source: "strata.json").decode(Strict.self)
        }

        #expect(error?.keyPath == "features.beta.settings.apiKeyVariable")
        #expect(error?.problem.contains("apiKeyVariable") == true)
    }

    @Test func settingsThatAreNotAnObjectAreReportedAtTheSettingsKey() throws {
        let error = #expect(throws: PluginSettingsError.self) { try settings(#"[1,2]"#).decode(MoviesSettings.self) }

        #expect(error?.keyPath == "features.alpha.settings")
    }
}
