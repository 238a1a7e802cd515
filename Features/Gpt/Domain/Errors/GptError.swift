import Foundation

/// Why a Gpt use case did not finish, as data (Presentation's `GptErrorText` words it).
public enum GptError: Error, Sendable, Hashable {
    /// The trouble text breaks the input rules.
    case invalidInput(TroubleInputError)
    /// No persona has this id.
    case unknownPersona(id: String, known: [String])
    /// Today's uses are spent.
    case limitReached(limit: Int, resetsAt: Date)
    /// The chat service gave no reply; no use was recorded.
    case chat(ChatError)
    /// Today's usage couldn't be read or counted, so nothing was asked.
    case usageUnavailable(String)
    /// The reply arrived (and a stream showed it) but couldn't be kept in the history, so its use was given
    /// back: it costs nothing and the history doesn't have it. `reply` is its text, for whoever hasn't
    /// shown it yet.
    case replyNotKept(String, reply: String = "")
    /// The reply is kept in the history but its use couldn't be counted: it costs nothing.
    case useNotCounted(String)
    /// The personas couldn't be loaded.
    case personasUnavailable(String)
}
