import GptDomain

/// The body of `POST /chat/completions`.
struct ChatCompletionRequestDTO: Encodable, Sendable {
    struct Message: Encodable, Sendable {
        let role: String
        let content: String
    }

    let model: String
    let messages: [Message]
    /// `stream_options.include_usage` is left out on purpose: not every OpenAI-compatible server knows it,
    /// and the reply doesn't need token counts.
    let stream: Bool

    init(model: String, persona: Persona, trouble: String, stream: Bool) {
        self.model = model
        self.messages = [Message(role: "system", content: persona.systemPrompt), Message(role: "user", content: trouble)]
        self.stream = stream
    }
}
