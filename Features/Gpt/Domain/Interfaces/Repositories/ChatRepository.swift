/// Asks a chat model to answer a trouble in a persona's voice.
///
/// Implementations report every failure as `ChatError` (thrown, or finishing the stream).
public protocol ChatRepository: Sendable {
    /// The whole reply at once.
    func reply(to trouble: String, as persona: Persona) async throws(ChatError) -> Reply

    /// The reply as it is generated, piece by piece; the stream finishes with a `ChatError` on failure.
    func streamReply(to trouble: String, as persona: Persona) -> AsyncThrowingStream<ReplyDelta, any Error>
}
