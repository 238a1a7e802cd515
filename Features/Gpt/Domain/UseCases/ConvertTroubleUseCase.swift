import Foundation

/// Turns a trouble into a persona's reply, within the daily limit.
///
/// The flow belongs here: validate the text, reserve one of today's uses (refusing when the limit is
/// reached; checking and counting are one atomic step, so processes racing for the last use can't both
/// get it), ask the chat repository, then confirm the use, or give it back when the chat failed, was cut
/// off or was cancelled. The reply is handed back only when both the chat and the recording succeeded; a
/// reply that couldn't be kept, or a use that couldn't be counted, is reported as such.
public protocol ConvertTroubleUseCase: Sendable {
    /// The whole reply at once.
    func execute(_ request: ConvertTroubleRequest) async throws(GptError) -> ConvertTroubleResult

    /// The reply as it arrives: `onText` gets each piece of its text, and the result is returned once the
    /// use is recorded. On failure (text already delivered is then not a recorded use), and when the calling
    /// task is cancelled (`GptError.chat(.cancelled)`), the use is given back before this returns.
    func stream(_ request: ConvertTroubleRequest, onText: (String) -> Void) async throws(GptError) -> ConvertTroubleResult
}

extension ConvertTroubleUseCase {
    /// The same as events, for a screen that reads them as they come: the text's pieces, then `.completed`.
    /// The stream finishes with a `GptError` on failure; ending the iteration cancels the request.
    public func stream(_ request: ConvertTroubleRequest) -> AsyncThrowingStream<ConvertTroubleEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let result = try await stream(request) { continuation.yield(.text($0)) }
                    continuation.yield(.completed(result))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
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
    private let history: any ReplyHistoryRepository
    private let personas: any PersonasRepository
    private let policy: DailyUsagePolicy
    private let rules: TroubleInputRules
    private let userID: String
    private let now: @Sendable () -> Date

    public init(
        chat: any ChatRepository, usage: any UsageRepository, history: any ReplyHistoryRepository,
        personas: any PersonasRepository, policy: DailyUsagePolicy, rules: TroubleInputRules, userID: String,
        now: @escaping @Sendable () -> Date
    ) {
        self.chat = chat
        self.usage = usage
        self.history = history
        self.personas = personas
        self.policy = policy
        self.rules = rules
        self.userID = userID
        self.now = now
    }

    public func execute(_ request: ConvertTroubleRequest) async throws(GptError) -> ConvertTroubleResult {
        let prepared = try await prepare(request)
        let reply: Reply
        do throws(ChatError) {
            reply = try await chat.reply(to: prepared.trouble, as: prepared.persona)
            guard !reply.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ChatError.emptyReply }
        } catch {
            await giveBack(prepared.reservation)
            throw .chat(Task.isCancelled ? .cancelled : error)
        }
        return try await record(reply, for: prepared)
    }

    public func stream(_ request: ConvertTroubleRequest, onText: (String) -> Void) async throws(GptError) -> ConvertTroubleResult {
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
            try Task.checkCancellation()
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ChatError.emptyReply }
        } catch {
            await giveBack(prepared.reservation)
            // However the stream ended (cut off, a transport error), a cancelled task was cancelled.
            if Task.isCancelled { throw .chat(.cancelled) }
            switch error {
            case let error as ChatError: throw .chat(error)
            case is CancellationError: throw .chat(.cancelled)
            default: throw .chat(.transport(String(describing: error)))
            }
        }
        let reply = Reply(personaID: prepared.persona.id, text: text, isTruncated: truncated)
        return try await record(reply, for: prepared)
    }

    private struct Prepared {
        let trouble: String
        let persona: Persona
        let reservation: UseReservation
        let askedAt: Date
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
        let today = policy.day(at: date)
        let reservation: UseReservation?
        do { reservation = try await usage.reserveUse(userID: userID, on: today, limit: policy.limit, at: date) } catch {
            throw .usageUnavailable(String(describing: error))
        }
        guard let reservation else { throw .limitReached(limit: policy.limit, resetsAt: today.end(in: policy.timeZone)) }
        return Prepared(trouble: trouble, persona: persona, reservation: reservation, askedAt: date)
    }

    /// Keeps the reply in the history, then confirms the use on the day it was checked, so a request that
    /// crosses midnight counts once, on that day, and the new day's count stays as it is. A reply that
    /// can't be kept costs nothing; one kept whose use can't be confirmed is still in the history.
    private func record(_ reply: Reply, for prepared: Prepared) async throws(GptError) -> ConvertTroubleResult {
        let entry = HistoryEntry(
            askedAt: prepared.askedAt, personaID: prepared.persona.id, personaName: prepared.persona.name,
            trouble: prepared.trouble, reply: reply.text, isTruncated: reply.isTruncated)
        do { try await history.add(entry, userID: userID) } catch {
            await giveBack(prepared.reservation)
            throw .replyNotKept(String(describing: error), reply: reply.text)
        }
        let counted: Int
        do { counted = try await usage.confirm(prepared.reservation) } catch {
            throw .useNotCounted(String(describing: error))
        }
        return ConvertTroubleResult(reply: reply, usage: policy.usage(counted, on: prepared.reservation.day))
    }

    /// A request that produced no reply costs nothing. If giving the use back fails, the reservation still
    /// expires by itself.
    private func giveBack(_ reservation: UseReservation) async {
        try? await usage.release(reservation)
    }
}
