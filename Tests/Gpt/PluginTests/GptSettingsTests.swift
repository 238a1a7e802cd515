import Foundation
import GptData
@testable import GptPlugin
import GptDomain
import StrataPluginKit
import Testing

struct GptSettingsTests {
    func decode(_ json: String) throws -> GptSettings {
        try PluginSettings(json: Array(json.utf8), pluginID: "gpt", source: "strata.json").decode(GptSettings.self)
    }

    @Test func anEmptyObjectGivesTheDocumentedDefaults() throws {
        let settings = try decode("{}")
        #expect(settings.baseURL.absoluteString == "https://api.openai.com/v1")
        #expect(settings.model == "gpt-4o-mini")
        #expect(settings.apiKeyEnvironment == "OPENAI_API_KEY")
        #expect(settings.dailyLimit == 10)
        #expect(settings.maxInputLength == 100)
        #expect(settings.timeoutSeconds == 30)
        #expect(settings.extraPersonas.isEmpty)
    }

    @Test func personasFromSettingsNeedOnlyIdNameAndPrompt() throws {
        let settings = try decode(#"{"baseURL": "http://127.0.0.1:11434/v1", "personas": [{"id": "pirate", "name": "Captain", "systemPrompt": "Talk like a pirate."}]}"#)
        #expect(settings.extraPersonas == [Persona(id: "pirate", name: "Captain", nickname: "Captain", introduction: "", systemPrompt: "Talk like a pirate.")])
        #expect(settings.baseURL.port == 11434)
    }

    @Test func refusesValuesThatCannotWork() {
        #expect(throws: PluginSettingsError.self) { try decode(#"{"dailyLimit": 0}"#) }
        #expect(throws: PluginSettingsError.self) { try decode(#"{"timeoutSeconds": -1}"#) }
        #expect(throws: PluginSettingsError.self) { try decode(#"{"baseURL": "api.openai.com"}"#) }
        #expect(throws: PluginSettingsError.self) { try decode(#"{"timeZone": "Mars/Olympus"}"#) }
        #expect(throws: PluginSettingsError.self) { try decode(#"{"personas": [{"id": "x", "name": "X", "systemPrompt": "  "}]}"#) }
    }

    @Test func theUserComesFromTheSettingsElseTheOSUserName() throws {
        #expect(try decode(#"{"user": "mina"}"#).userID(environment: ["USER": "root"]) == "mina")
        #expect(try decode("{}").userID(environment: ["USER": "jun"]) == "jun")
        #expect(try decode("{}").userID(environment: ["LOGNAME": "hana"]) == "hana")
        #expect(!(try decode("{}").userID(environment: [:]).isEmpty))
    }

    @Test func theTimeZoneComesFromTheSettings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-zone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try decode(#"{"timeZone": "Asia/Seoul"}"#).resolvedTimeZone(pinnedIn: folder).identifier == "Asia/Seoul")
    }

    /// At 10/10, `TZ=Asia/Seoul strata gpt usage` said 0/10: the day came from the process's zone. Without a
    /// `timeZone` setting, the zone of the first use is pinned and every later process counts in it.
    @Test func withoutATimeZoneSettingTheFirstUsesZoneIsPinnedWhateverTheProcessZoneLater() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-zone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = try decode("{}")
        let kiritimati = TimeZone(identifier: "Pacific/Kiritimati")!, pagoPago = TimeZone(identifier: "Pacific/Pago_Pago")!

        #expect(settings.resolvedTimeZone(pinnedIn: folder, current: kiritimati) == kiritimati)
        #expect(settings.resolvedTimeZone(pinnedIn: folder, current: pagoPago) == kiritimati)
        #expect(try decode(#"{"timeZone": "Asia/Seoul"}"#).resolvedTimeZone(pinnedIn: folder, current: pagoPago).identifier == "Asia/Seoul")
    }
}

extension GptSettingsTests {
    @Test func theKeyVariableMustBeNamedForAKey() throws {
        for name in ["OPENAI_API_KEY", "TEAM_API_KEY", "GROQ_TOKEN", "llm_api_key_2_TOKEN"] {
            #expect(try decode(#"{"apiKeyEnvironment": "\#(name)"}"#).apiKeyEnvironment == name)
        }
        for name in ["AWS_SECRET_ACCESS_KEY", "HOME", "_API_KEY", "", "MY KEY_API_KEY", "X=1_TOKEN", "1_API_KEY"] {
            #expect(throws: PluginSettingsError.self, "\(name)") { try decode(#"{"apiKeyEnvironment": "\#(name)"}"#) }
        }
    }
}
