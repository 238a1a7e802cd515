import GptDomain

/// A chat completion as OpenAI-compatible servers send it: whole (`"object": "chat.completion"`, each
/// choice with its `message`), or one server-sent event of a stream (`"chat.completion.chunk"`, each choice
/// with the `delta` it adds; the last chunk may carry only `usage`, and no choices). Only the fields used are
/// declared.
struct ChatCompletionDTO: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        /// A message, or the part of one that a chunk adds.
        struct Message: Decodable, Sendable {
            let content: String?
            let refusal: String?
        }

        let index: Int
        let message: Message?
        let delta: Message?
        let finishReason: String?

        enum CodingKeys: String, CodingKey {
            case index, message, delta
            case finishReason = "finish_reason"
        }
    }

    /// `nil` when the body has none.
    let choices: [Choice]?
}

extension ChatCompletionDTO {
    /// A whole completion's first choice as a reply; a refusal counts as the reply's text.
    func reply(personaID: String) throws(ChatError) -> Reply {
        guard choices != nil else { throw .malformedResponse("the completion has no `choices`") }
        guard let choice = firstChoice else { throw .malformedResponse("the completion has no choices") }
        guard let message = choice.message else { throw .malformedResponse("the completion's choice has no message") }
        return Reply(personaID: personaID, text: message.content ?? message.refusal ?? "", isTruncated: choice.finishReason == "length")
    }

    /// What a chunk adds to the first choice, or `nil` if it adds nothing to it.
    func replyDelta() -> ReplyDelta? {
        guard let choice = firstChoice, choice.index == 0 else { return nil }
        let text = (choice.delta?.content ?? "") + (choice.delta?.refusal ?? "")
        let truncated = choice.finishReason == "length"
        if text.isEmpty && !truncated { return nil }
        return ReplyDelta(text: text, isTruncated: truncated)
    }

    /// Whether a choice says why it ended.
    var isFinished: Bool { choices?.contains { $0.finishReason != nil } ?? false }

    private var firstChoice: Choice? { choices?.first { $0.index == 0 } ?? choices?.first }
}
