import GptDomain

/// A whole chat completion (`"object": "chat.completion"`). Only the fields used are declared.
struct ChatCompletionResponseDTO: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        struct Message: Decodable, Sendable {
            let role: String?
            let content: String?
            let refusal: String?
        }

        let index: Int
        let message: Message
        let finishReason: String?

        enum CodingKeys: String, CodingKey {
            case index, message
            case finishReason = "finish_reason"
        }
    }

    let id: String?
    let model: String?
    let choices: [Choice]
    let usage: UsageDTO?
}

/// Token counts, present on plain responses and on the last chunk of a stream.
struct UsageDTO: Decodable, Sendable, Hashable {
    let promptTokens: Int
    let completionTokens: Int
    let totalTokens: Int

    enum CodingKeys: String, CodingKey {
        case promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens"
        case totalTokens = "total_tokens"
    }
}

extension ChatCompletionResponseDTO {
    /// The first choice as a reply; a refusal counts as the reply's text.
    func toDomain(personaID: String) throws(ChatError) -> Reply {
        guard let choice = choices.first(where: { $0.index == 0 }) ?? choices.first else {
            throw .malformedResponse("the completion has no choices")
        }
        let text = choice.message.content ?? choice.message.refusal ?? ""
        return Reply(personaID: personaID, text: text, isTruncated: choice.finishReason == "length")
    }
}
