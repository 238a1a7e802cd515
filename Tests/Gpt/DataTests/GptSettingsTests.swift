import Foundation
import GptData
import GptDomain
import Testing

struct GptSettingsTests {
    func decode(_ json: String) throws -> GptSettings {
        try JSONDecoder().decode(GptSettings.self, from: Data(json.utf8))
    }

    @Test func anEmptyObjectGivesTheDocumentedDefaults() throws {
        let settings = try decode("{}")
        #expect(settings.baseURL.absoluteString == "https://api.openai.com/v1")
        #expect(settings.model == "gpt-4o-mini")
        #expect(settings.apiKeyEnvironment == "OPENAI_API_KEY")
        #expect(settings.dailyLimit == 10)
        #expect(settings.maxInputLength == 100)
        #expect(settings.timeoutSeconds == 30)
        #expect(settings.personas.isEmpty)
    }

    @Test func personasFromSettingsNeedOnlyIdNameAndPrompt() throws {
        let settings = try decode(#"{"baseURL": "http://127.0.0.1:11434/v1", "personas": [{"id": "pirate", "name": "Captain", "systemPrompt": "Talk like a pirate."}]}"#)
        #expect(settings.personas == [Persona(id: "pirate", name: "Captain", nickname: "Captain", introduction: "", systemPrompt: "Talk like a pirate.")])
        #expect(settings.baseURL.port == 11434)
    }

    @Test func refusesValuesThatCannotWork() {
        #expect(throws: DecodingError.self) { try decode(#"{"dailyLimit": 0}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"timeoutSeconds": -1}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"baseURL": "api.openai.com"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"timeZone": "Mars/Olympus"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"personas": [{"id": "x", "name": "X", "systemPrompt": "  "}]}"#) }
    }

    @Test func theUserComesFromTheSettingsElseTheOSUserName() throws {
        #expect(try decode(#"{"user": "mina"}"#).userID(environment: ["USER": "root"]) == "mina")
        #expect(try decode("{}").userID(environment: ["USER": "jun"]) == "jun")
        #expect(try decode("{}").userID(environment: ["LOGNAME": "hana"]) == "hana")
        #expect(!(try decode("{}").userID(environment: [:]).isEmpty))
    }

    @Test func theTimeZoneComesFromTheSettings() throws {
        #expect(try decode(#"{"timeZone": "Asia/Seoul"}"#).resolvedTimeZone.identifier == "Asia/Seoul")
    }
}
