import Foundation

/// Why a Gpt use case did not finish, in words a person can act on.
public enum GptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The trouble text breaks the input rules.
    case invalidInput(TroubleInputError)
    /// No persona has this id.
    case unknownPersona(id: String, known: [String])
    /// Today's uses are spent.
    case limitReached(limit: Int, resetsAt: Date)
    /// The chat service gave no reply; no use was recorded.
    case chat(ChatError)
    /// Today's usage couldn't be read, so nothing was asked.
    case usageUnavailable(String)
    /// The reply arrived but the use couldn't be recorded, so the reply is withheld.
    case recordingFailed(String)
    /// The personas couldn't be loaded.
    case personasUnavailable(String)

    public var description: String {
        switch self {
        case .invalidInput(let problem):
            problem.description
        case .unknownPersona(let id, let known):
            "there is no persona '\(id)'. Choose one of: \(known.joined(separator: ", ")) (see `strata gpt personas`)."
        case .limitReached(let limit, let resetsAt):
            "today's \(limit) uses are spent. The count resets at \(Self.timestamp(resetsAt))."
        case .chat(let error):
            error.description
        case .usageUnavailable(let detail):
            "today's usage couldn't be read (\(detail)), so nothing was sent. Check the gpt data folder and try again."
        case .recordingFailed(let detail):
            "the reply arrived but this use couldn't be recorded (\(detail)), so the reply is not shown. Try again."
        case .personasUnavailable(let detail):
            "the personas couldn't be loaded: \(detail)"
        }
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }
}
