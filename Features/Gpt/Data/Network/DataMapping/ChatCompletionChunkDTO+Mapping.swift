import GptDomain

/// One server-sent event of a streamed completion (`"object": "chat.completion.chunk"`). The last chunk
/// may have no choices and only `usage`.
struct ChatCompletionChunkDTO: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        struct Delta: Decodable, Sendable {
            let role: String?
            let content: String?
            let refusal: String?
        }

        let index: Int
        let delta: Delta?
        let finishReason: String?

        enum CodingKeys: String, CodingKey {
            case index, delta
            case finishReason = "finish_reason"
        }
    }

    let id: String?
    let choices: [Choice]
    let usage: UsageDTO?

    enum CodingKeys: String, CodingKey {
        case id, choices, usage
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        choices = try container.decodeIfPresent([Choice].self, forKey: .choices) ?? []
        usage = try container.decodeIfPresent(UsageDTO.self, forKey: .usage)
    }
}

extension ChatCompletionChunkDTO {
    /// The part of the first choice (index 0) this chunk adds, or `nil` if it adds nothing to it.
    func toDomain() -> ReplyDelta? {
        guard let choice = choices.first(where: { $0.index == 0 }) else { return nil }
        let text = (choice.delta?.content ?? "") + (choice.delta?.refusal ?? "")
        let truncated = choice.finishReason == "length"
        if text.isEmpty && !truncated { return nil }
        return ReplyDelta(text: text, isTruncated: truncated)
    }
}
