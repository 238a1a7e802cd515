import Foundation
import GptDomain
import Observation

/// The finished reply, today's usage after it, and saving it to a text file.
@MainActor @Observable
public final class ReplyResultViewModel {
    public let persona: Persona
    public let trouble: String
    public let result: ConvertTroubleResult
    /// Where the last save went.
    public private(set) var savedPath: String?
    public private(set) var errorAlert: String?

    private let saveDirectory: URL
    private let timeZone: TimeZone
    private let now: @Sendable () -> Date

    public init(persona: Persona, trouble: String, result: ConvertTroubleResult, saveDirectory: URL,
                timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        self.persona = persona
        self.trouble = trouble
        self.result = result
        self.saveDirectory = saveDirectory
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

    /// Writes the reply to `gpt-<persona>-<local time>.txt` in the save folder; returns the file.
    @discardableResult
    public func save() -> URL? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let file = saveDirectory.appendingPathComponent("gpt-\(persona.id)-\(formatter.string(from: now())).txt")
        do {
            try FileManager.default.createDirectory(at: saveDirectory, withIntermediateDirectories: true)
            try Data(fileContents.utf8).write(to: file, options: .atomic)
            savedPath = file.path
            errorAlert = nil
            return file
        } catch {
            errorAlert = "The reply couldn't be saved to \(file.path): \(error.localizedDescription). Check that the folder is writable."
            return nil
        }
    }

    public func dismissAlert() {
        errorAlert = nil
    }
}
