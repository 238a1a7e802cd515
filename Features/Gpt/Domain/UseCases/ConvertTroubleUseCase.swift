import Foundation

/// Turns a trouble into a persona's reply, within the daily limit.
///
/// The flow belongs here: validate the text, check today's uses (refusing when the limit is reached), ask
/// the chat repository, then record the use. The reply is handed back only when both the chat and the
/// recording succeeded; a failed recording is reported as such.
public protocol ConvertTroubleUseCase: Sendable {
    /// The whole reply at once.
    func execute(_ request: ConvertTroubleRequest) async throws(GptError) -> ConvertTroubleResult

    /// The reply's text as it arrives, then `.completed` once the use is recorded. The stream finishes
    /// with a `GptError` on failure (text already delivered is then not a recorded use).
    func stream(_ request: ConvertTroubleRequest) -> AsyncThrowingStream<ConvertTroubleEvent, any Error>
}

public struct ConvertTroubleRequest: Sendable, Hashable {
    public var personaID: String
    public var trouble: String

    public init(personaID: String, trouble: String) {
        self.personaID = personaID
        self.trouble = trouble
    }
}

public struct ConvertTroubleResult: Sendable, Hashable {
    public var reply: Reply
    /// Usage after this use was recorded.
    public var usage: Usage

    public init(reply: Reply, usage: Usage) {
        self.reply = reply
        self.usage = usage
    }
}

public enum ConvertTroubleEvent: Sendable, Hashable {
    /// More text of the reply.
    case text(String)
    /// The reply is complete and the use recorded.
    case completed(ConvertTroubleResult)
}

public struct DefaultConvertTroubleUseCase: ConvertTroubleUseCase {
    private let chat: any ChatRepository
    private let usage: any UsageRepository
    private let personas: any PersonasRepository
    private let policy: DailyUsagePolicy
    private let rules: TroubleInputRules
    private let userID: String
    private let now: @Sendable () -> Date

    public init(chat: any ChatRepository, usage: any UsageRepository, personas: any PersonasRepository,
                policy: DailyUsagePolicy, rules: TroubleInputRules, userID: String,
                now: @escaping @Sendable () -> Date) {
        self.chat = chat
        self.usage = usage
        self.personas = personas
        self.policy = policy
        self.rules = rules
        self.userID = userID
        self.now = now
    }

    public func execute(_ request: ConvertTroubleRequest) async throws(GptError) -> ConvertTroubleResult {
        let prepared = try await prepare(request)
        let reply: Reply
        do {
            reply = try await chat.reply(to: prepared.trouble, as: prepared.persona)
        } catch {
            throw .chat(error)
        }
        guard !reply.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .chat(.emptyReply) }
        return try await record(reply, on: prepared.day)
    }

    public func stream(_ request: ConvertTroubleRequest) -> AsyncThrowingStream<ConvertTroubleEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let result = try await streamReply(request) { continuation.yield(.text($0)) }
                    continuation.yield(.completed(result))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func streamReply(_ request: ConvertTroubleRequest,
                             onText: (String) -> Void) async throws(GptError) -> ConvertTroubleResult {
        let prepared = try await prepare(request)
        var text = ""
        var truncated = false
        do {
            for try await delta in chat.streamReply(to: prepared.trouble, as: prepared.persona) {
                truncated = truncated || delta.isTruncated
                guard !delta.text.isEmpty else { continue }
                text += delta.text
                onText(delta.text)
            }
        } catch let error as ChatError {
            throw .chat(error)
        } catch is CancellationError {
            throw .chat(.cancelled)
        } catch {
            throw .chat(.transport(String(describing: error)))
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .chat(.emptyReply) }
        let reply = Reply(personaID: prepared.persona.id, text: text, isTruncated: truncated)
        return try await record(reply, on: prepared.day)
    }

    private struct Prepared {
        let trouble: String
        let persona: Persona
        let day: CalendarDay
    }

    /// Validates the request and checks today's uses; nothing is sent when this throws.
    private func prepare(_ request: ConvertTroubleRequest) async throws(GptError) -> Prepared {
        let trouble: String
        do { trouble = try rules.validate(request.trouble) } catch { throw .invalidInput(error) }
        let all: [Persona]
        do { all = try await personas.personas() } catch { throw .personasUnavailable(String(describing: error)) }
        guard let persona = all.first(where: { $0.id == request.personaID }) else {
            throw .unknownPersona(id: request.personaID, known: all.map(\.id))
        }
        let date = now()
        let user: User
        do { user = try await usage.user(id: userID) } catch { throw .usageUnavailable(String(describing: error)) }
        let today = policy.usage(of: user, at: date)
        if today.isExhausted { throw .limitReached(limit: policy.limit, resetsAt: today.resetsAt) }
        return Prepared(trouble: trouble, persona: persona, day: policy.day(at: date))
    }

    /// Records the use on the day it was checked, so a request that crosses midnight counts once, on that day.
    private func record(_ reply: Reply, on day: CalendarDay) async throws(GptError) -> ConvertTroubleResult {
        let user: User
        do { user = try await usage.recordUse(userID: userID, on: day) } catch {
            throw .recordingFailed(String(describing: error))
        }
        let counted = user.uses(on: day)
        return ConvertTroubleResult(reply: reply, usage: Usage(used: counted, limit: policy.limit, resetsAt: day.end(in: policy.timeZone)))
    }
}
