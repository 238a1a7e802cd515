import Foundation
import GptDomain
import StrataBase
import StrataNetworking

/// Chat through an OpenAI-compatible Chat Completions API (OpenAI, llama.cpp server, Ollama, vLLM):
/// `POST {baseURL}/chat/completions` with the persona's system prompt and the trouble.
///
/// Rate limits (429, and 503) are retried per `Retry-After` (or the wait OpenAI names in its message) within
/// `retry`; a 429 `insufficient_quota` is not, since waiting won't bring credit back.
///
/// An answer is read up to the service's `maxResponseBytes`, each line or event of a stream up to
/// `maxEventBytes`, and a streamed reply's text up to `maxReplyBytes`; past any, reading stops with
/// `ChatError.answerTooLarge` or `.eventTooLarge`.
public struct OpenAIChatRepository: ChatRepository {
    /// The most bytes a line or an event of a streamed reply may hold when the caller doesn't say: 1 MB,
    /// where a real chunk holds a few hundred bytes.
    public static let defaultMaxEventBytes = 1_000_000
    /// The most bytes of text a streamed reply may hold when the caller doesn't say: 100 KB, some 15,000
    /// words, far past any persona's answer. A server that streams without end (whose events' JSON alone
    /// would reach the 32 MB answer limit only after a reply of megabytes, which the screen wraps again at
    /// every piece) stops there; before, the app took seconds to answer Esc under such a stream.
    public static let defaultMaxReplyBytes = 100_000

    private let service: DataTransferService
    private let maxEventBytes: Int
    private let maxReplyBytes: Int
    private let model: String
    private let authorization: OpenAIAuthorization
    private let errors: OpenAIErrorMapper

    /// - Parameters:
    ///   - service: the transport, its base URL and timeout; its retry policy is replaced by `retry`.
    ///   - retry: when to retry 429 and 503 answers; this type adds OpenAI's rules to it (no retry for
    ///     `insufficient_quota`, the wait named in the error message when there is no `Retry-After`).
    public init(
        service: DataTransferService, model: String, authorization: OpenAIAuthorization,
        apiKeyVariable: String = "OPENAI_API_KEY", retry: RetryPolicy = .standard,
        maxEventBytes: Int = OpenAIChatRepository.defaultMaxEventBytes,
        maxReplyBytes: Int = OpenAIChatRepository.defaultMaxReplyBytes
    ) {
        var retry = retry
        retry.mayRetry = { !OpenAIErrorMapper.isQuotaExhausted($0) }
        retry.serverDelay = { response, _ in OpenAIErrorMapper.retryAfter(response) }
        var service = service
        service.retry = retry
        self.service = service
        self.maxEventBytes = maxEventBytes
        self.maxReplyBytes = max(0, maxReplyBytes)
        self.model = model
        self.authorization = authorization
        self.errors = OpenAIErrorMapper(baseURL: service.baseURL, apiKeyVariable: apiKeyVariable)
    }

    public func reply(to trouble: String, as persona: Persona) async throws(ChatError) -> Reply {
        let endpoint = try endpoint(persona: persona, trouble: trouble, stream: false)
        let response: HTTPResponse
        do {
            response = try await service.response(endpoint)
        } catch {
            throw errors.chatError(error)
        }
        let dto: ChatCompletionDTO
        do {
            dto = try DataTransferService.decode(ChatCompletionDTO.self, from: response.body)
        } catch {
            throw errors.chatError(error)
        }
        return try dto.reply(personaID: persona.id)
    }

    public func streamReply(to trouble: String, as persona: Persona) -> AsyncThrowingStream<ReplyDelta, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do throws(ChatError) {
                    try await stream(trouble: trouble, persona: persona) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func stream(trouble: String, persona: Persona, yield: (ReplyDelta) -> Void) async throws(ChatError) {
        let endpoint = try endpoint(persona: persona, trouble: trouble, stream: true)
        let body: AsyncThrowingStream<[UInt8], any Error>
        do {
            body = try await service.stream(endpoint)
        } catch {
            throw errors.chatError(error)
        }
        var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
        var sawEvent = false, finished = false
        var replyBytes = 0
        let yield = { [maxReplyBytes] (delta: ReplyDelta) throws(ChatError) in
            replyBytes += delta.text.utf8.count
            guard replyBytes <= maxReplyBytes else { throw .answerTooLarge(limitBytes: maxReplyBytes) }
            yield(delta)
        }
        do {
            for try await bytes in body {
                for event in try parser.feed(Data(bytes)) {
                    sawEvent = true
                    if try handle(event, finished: &finished, yield: yield) { return }
                }
            }
        } catch let error as ChatError {
            throw error
        } catch let error as NetworkError {
            throw errors.chatError(afterHead: error)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport(String(describing: error))
        }
        for event in try parser.finish() {
            sawEvent = true
            if try handle(event, finished: &finished, yield: yield) { return }
        }
        if !sawEvent { throw .malformedResponse("the server sent no events") }
        // Some servers close without `[DONE]` after a `finish_reason`: that reply is whole. A stream that
        // ends with neither was cut off (a dropped connection, a crashed server), and is not a reply.
        if !finished { throw .cutOff }
    }

    /// Handles one event's data; returns `true` at `[DONE]`. Sets `finished` when a choice says why it ended.
    private func handle(_ event: String, finished: inout Bool, yield: (ReplyDelta) throws(ChatError) -> Void) throws(ChatError) -> Bool {
        if event.trimmingCharacters(in: .whitespaces) == "[DONE]" { return true }
        let data = Data(event.utf8)
        if let failure = try? JSONDecoder().decode(OpenAIErrorResponseDTO.self, from: data) {
            // Servers report failures after the head (status already 200) as an error event.
            throw .transport("the server stopped the stream with an error: \(KeyLikeText.redacting(failure.error.message ?? event))")
        }
        let chunk: ChatCompletionDTO
        do {
            chunk = try DataTransferService.decode(ChatCompletionDTO.self, from: Array(event.utf8))
        } catch {
            throw errors.chatError(error)
        }
        if chunk.isFinished { finished = true }
        if let delta = chunk.replyDelta() { try yield(delta) }
        return false
    }

    private func endpoint(persona: Persona, trouble: String, stream: Bool) throws(ChatError) -> Endpoint<ChatCompletionDTO> {
        if let refusal = authorization.refusal(baseURL: service.baseURL) { throw refusal }
        let body = ChatCompletionRequestDTO(model: model, persona: persona, trouble: trouble, stream: stream)
        var headers = authorization.headers
        headers["Accept"] = stream ? "text/event-stream" : "application/json"
        do {
            return try Endpoint<ChatCompletionDTO>.postJSON(path: "chat/completions", body: body, headers: headers)
        } catch {
            throw errors.chatError(error)
        }
    }
}
