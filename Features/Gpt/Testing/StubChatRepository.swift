import GptDomain
import Synchronization

/// A chat repository that answers from a script and logs what it was asked. Unscripted calls fail the
/// caller loudly with a `ChatError.transport` naming the unexpected call.
public final class StubChatRepository: ChatRepository {
    public struct Call: Sendable, Hashable {
        public let trouble: String
        public let personaID: String
        public let streamed: Bool

        public init(trouble: String, personaID: String, streamed: Bool) {
            self.trouble = trouble
            self.personaID = personaID
            self.streamed = streamed
        }
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
            state.calls.append(Call(trouble: trouble, personaID: persona.id, streamed: false))
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        guard let next else { throw .transport("StubChatRepository: unexpected call reply(to: \(trouble))") }
        return try next.get()
    }

    public func streamReply(to trouble: String, as persona: Persona) -> AsyncThrowingStream<ReplyDelta, any Error> {
        let script: [Result<ReplyDelta, ChatError>] = state.withLock { state in
            state.calls.append(Call(trouble: trouble, personaID: persona.id, streamed: true))
            return state.streams.isEmpty
                ? [.failure(.transport("StubChatRepository: unexpected call streamReply(to: \(trouble))"))]
                : state.streams.removeFirst()
        }
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
}
