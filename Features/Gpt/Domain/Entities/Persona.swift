import Foundation

/// A voice the reply is written in: who speaks, how they introduce themselves, and the system prompt that
/// makes the model speak like them.
public struct Persona: Sendable, Hashable, Identifiable, Codable {
    public var id: String
    public var name: String
    public var nickname: String
    public var introduction: String
    public var systemPrompt: String

    public init(id: String, name: String, nickname: String, introduction: String, systemPrompt: String) {
        self.id = id
        self.name = name
        self.nickname = nickname
        self.introduction = introduction
        self.systemPrompt = systemPrompt
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, nickname, introduction, systemPrompt
    }

    /// `nickname` and `introduction` may be left out (settings written by hand); `id`, `name` and
    /// `systemPrompt` may not, and none may be blank.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func required(_ key: CodingKeys) throws -> String {
            let value = try container.decode(String.self, forKey: key)
            guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must not be empty")
            }
            return value
        }
        id = try required(.id)
        name = try required(.name)
        systemPrompt = try required(.systemPrompt)
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname) ?? name
        introduction = try container.decodeIfPresent(String.self, forKey: .introduction) ?? ""
    }
}
