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
    /// Today's usage couldn't be read, so nothing was asked.
    case usageUnavailable(String)
    /// The reply arrived but the use couldn't be recorded, so the reply is withheld.
    case recordingFailed(String)
    /// The personas couldn't be loaded.
    case personasUnavailable(String)
}
