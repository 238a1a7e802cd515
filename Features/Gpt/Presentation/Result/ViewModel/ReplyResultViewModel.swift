import Foundation
import GptDomain
import Observation

/// The finished reply, today's usage after it, and keeping it (`SaveReplyUseCase`).
@MainActor @Observable
public final class ReplyResultViewModel {
    public let persona: Persona
    public let trouble: String
    public let result: ConvertTroubleResult
    /// Where the last save went.
    public private(set) var savedPath: String?
    public private(set) var errorAlert: String?

    private let saveReply: any SaveReplyUseCase
    private let timeZone: TimeZone
    private let now: @Sendable () -> Date

    public init(
        persona: Persona, trouble: String, result: ConvertTroubleResult, saveReply: any SaveReplyUseCase,
        timeZone: TimeZone, now: @escaping @Sendable () -> Date
    ) {
        self.persona = persona
        self.trouble = trouble
        self.result = result
        self.saveReply = saveReply
        self.timeZone = timeZone
        self.now = now
    }

    public var replyText: String {
        result.reply.text + (result.reply.isTruncated ? " …(cut off at the model's length limit)" : "")
    }

    public var usageText: String { UsageFormatting.usesToday(result.usage) }

    /// What a saved file holds.
    public var fileContents: String {
        "\(persona.name) (\(persona.nickname))\n\nTrouble: \(trouble)\n\n\(replyText)\n"
    }

    /// The saved file's name: `gpt-<persona>-<local time>.txt`.
    public var fileName: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "gpt-\(persona.id)-\(formatter.string(from: now())).txt"
    }

    /// Saves the reply as `fileName`; returns where it went, or sets an alert.
    @discardableResult
    public func save() -> String? {
        do {
            let path = try saveReply.execute(text: fileContents, name: fileName)
            savedPath = path
            errorAlert = nil
            return path
        } catch {
            errorAlert = "The reply couldn't be saved to \(error.path): \(error.reason). Check that the folder is writable."
            return nil
        }
    }

    public func dismissAlert() {
        errorAlert = nil
    }
}
