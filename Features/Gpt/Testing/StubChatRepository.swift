import GptDomain
import Synchronization
import Testing

/// A chat repository that answers from a script and logs what it was asked. An unscripted call fails the
/// test (isowords' `unimplemented`) and the caller, with a `ChatError.transport` naming the call.
public final class StubChatRepository: ChatRepository {
    /// A call the repository received: which method, with what trouble, for which persona.
    public enum Call: Sendable, Hashable {
        case reply(trouble: String, personaID: String)
        case streamReply(trouble: String, personaID: String)
    }

    private struct State {
        var replies: [Result<Reply, ChatError>]
        var streams: [[Result<ReplyDelta, ChatError>]]
        var calls: [Call] = []
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - replies: answers to `reply(to:as:)`, in order.
    ///   - streams: answers to `streamReply(to:as:)`, in order: each a list of deltas, a failure ending it.
    public init(replies: [Result<Reply, ChatError>] = [], streams: [[Result<ReplyDelta, ChatError>]] = []) {
        state = Mutex(State(replies: replies, streams: streams))
    }

    /// Every call received, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    public func reply(to trouble: String, as persona: Persona) async throws(ChatError) -> Reply {
        let next: Result<Reply, ChatError>? = state.withLock { state in
            state.calls.append(.reply(trouble: trouble, personaID: persona.id))
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        guard let next else { throw Self.unexpected("reply(to: \(trouble))") }
        return try next.get()
    }

    public func streamReply(to trouble: String, as persona: Persona) -> AsyncThrowingStream<ReplyDelta, any Error> {
        let script: [Result<ReplyDelta, ChatError>] =
            state.withLock { state -> [Result<ReplyDelta, ChatError>]? in
                state.calls.append(.streamReply(trouble: trouble, personaID: persona.id))
                return state.streams.isEmpty ? nil : state.streams.removeFirst()
            } ?? [.failure(Self.unexpected("streamReply(to: \(trouble))"))]
        return AsyncThrowingStream { continuation in
            for step in script {
                switch step {
                case .success(let delta): continuation.yield(delta)
                case .failure(let error): continuation.finish(throwing: error); return
                }
            }
            continuation.finish()
        }
    }

    private static func unexpected(_ call: String) -> ChatError {
        Issue.record("StubChatRepository: unexpected call \(call); the test scripted no answer for it")
        return .transport("StubChatRepository: unexpected call \(call)")
    }
}
