import Foundation
import GptDomain
import Observation

/// What the input screen can ask for.
public struct TroubleInputViewModelActions: Sendable {
    /// Show the finished, recorded reply.
    public let showResult: @MainActor @Sendable (Persona, String, ConvertTroubleResult) -> Void

    public init(showResult: @escaping @MainActor @Sendable (Persona, String, ConvertTroubleResult) -> Void) {
        self.showResult = showResult
    }
}

/// The trouble being written, its counter, and the conversion with the reply streaming in.
@MainActor @Observable
public final class TroubleInputViewModel {
    public let persona: Persona
    public var text = ""
    public private(set) var isLoading = false
    /// The reply as it arrives.
    public private(set) var streamedReply = ""
    /// A failure to show in an alert until dismissed.
    public private(set) var errorAlert: String?
    /// The text last converted into a reply.
    private var converted: String?
    /// The text today's limit last refused: the limit stopped it, not the person.
    private var refusedByLimit: String?
    /// The text last sent that got no reply (a cut stream, a server error): it was sent, and failed.
    private var failedToSend: String?

    private let convertTrouble: any ConvertTroubleUseCase
    private let rules: TroubleInputRules
    private let timeZone: TimeZone
    private let now: @Sendable () -> Date
    private let actions: TroubleInputViewModelActions

    public init(
        persona: Persona, convertTrouble: any ConvertTroubleUseCase, rules: TroubleInputRules,
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init,
        actions: TroubleInputViewModelActions
    ) {
        self.persona = persona
        self.convertTrouble = convertTrouble
        self.rules = rules
        self.timeZone = timeZone
        self.now = now
        self.actions = actions
    }

    /// Characters so far as a person counts them.
    public var count: Int { rules.count(text) }

    /// `12/100`.
    public var counterText: String { "\(count)/\(rules.maxLength)" }

    /// The most characters a trouble may have.
    public var maxLength: Int { rules.maxLength }

    public var isOverLimit: Bool { count > rules.maxLength }

    /// Only when the text is valid and nothing is in flight.
    public var isConvertEnabled: Bool { !isLoading && rules.isValid(text) }

    /// Whether leaving would lose a trouble written and not yet converted (not while it is being sent: leaving
    /// then stops the request, and the person asked for that).
    public var hasUnsentTrouble: Bool { !isLoading && !rules.trimmed(text).isEmpty && text != converted }

    /// What Esc asks before a trouble not yet converted is lost: why it was not sent, when the limit refused it.
    public var leavingQuestion: String? {
        guard hasUnsentTrouble else { return nil }
        if text == refusedByLimit { return "Discard your trouble? Today's limit is reached, so it couldn't be sent." }
        if text == failedToSend { return "Discard your trouble? It was sent, but no reply came back." }
        return "Discard your trouble? It has not been sent."
    }

    /// Whether the text is the trouble that got the reply last shown: going back to it, typing starts a new one.
    public var isConverted: Bool { converted != nil && text == converted }

    /// Sends the trouble, streaming the reply into `streamedReply`; on success shows the result. Cancelling
    /// the task that runs it stops the request, gives the day's use back and shows nothing.
    public func convert() async {
        guard isConvertEnabled else { return }
        isLoading = true
        streamedReply = ""
        errorAlert = nil
        defer { isLoading = false }
        let trouble = text
        do {
            for try await event in convertTrouble.stream(ConvertTroubleRequest(personaID: persona.id, trouble: trouble)) {
                switch event {
                case .text(let piece):
                    streamedReply += piece
                case .completed(let result):
                    // A screen that was left doesn't open the reply over whatever is shown now.
                    guard !Task.isCancelled else { return }
                    converted = trouble
                    actions.showResult(persona, rules.trimmed(trouble), result)
                }
            }
        } catch GptError.chat(.cancelled) {
            // Stopped by the user: the use was given back and there is nothing to say.
            streamedReply = ""
        } catch {
            if case GptError.limitReached = error { refusedByLimit = trouble } else { failedToSend = trouble }
            errorAlert = GptErrorText.text(error, now: now(), in: timeZone)
        }
    }

    public func dismissAlert() {
        errorAlert = nil
    }
}
