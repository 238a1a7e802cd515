import Foundation
import GptDomain
import StrataBase

/// The text and JSON the `strata gpt …` commands print.
public enum GptCommandOutput {
    /// `{"used": n, "limit": n, "resetsAt": "<ISO 8601>"}`.
    public struct UsageJSON: Encodable, Sendable, Hashable {
        public let used: Int
        public let limit: Int
        public let remaining: Int
        public let resetsAt: String

        public init(_ usage: Usage, timeZone: TimeZone) {
            used = usage.used
            limit = usage.limit
            remaining = usage.remaining
            resetsAt = UsageFormatting.iso8601(usage.resetsAt, in: timeZone)
        }
    }

    /// One persona for `strata gpt personas --json`.
    public struct PersonaJSON: Encodable, Sendable, Hashable {
        public let id: String
        public let name: String
        public let nickname: String
        public let introduction: String

        public init(_ persona: Persona) {
            id = persona.id
            name = persona.name
            nickname = persona.nickname
            introduction = persona.introduction
        }
    }

    /// The answer of `strata gpt ask --json`.
    public struct ReplyJSON: Encodable, Sendable, Hashable {
        public let persona: String
        public let reply: String
        public let truncated: Bool
        public let usage: UsageJSON

        public init(_ result: ConvertTroubleResult, timeZone: TimeZone) {
            persona = result.reply.personaID
            reply = result.reply.text
            truncated = result.reply.isTruncated
            usage = UsageJSON(result.usage, timeZone: timeZone)
        }
    }

    /// One persona per line: id, name, nickname, introduction; ids aligned.
    public static func personasText(_ personas: [Persona]) -> String {
        let width = personas.map(\.id.count).max() ?? 0
        return personas.map { persona in
            let id = persona.id + String(repeating: " ", count: width - persona.id.count)
            let intro = persona.introduction.isEmpty ? "" : ": \(persona.introduction)"
            return "\(id)  \(persona.name), \(persona.nickname)\(intro)\n"
        }.joined()
    }

    /// One reply of `strata gpt history --json`.
    public struct HistoryJSON: Encodable, Sendable, Hashable {
        public let askedAt: String
        public let persona: String
        public let personaName: String
        public let trouble: String
        public let reply: String
        public let truncated: Bool

        public init(_ entry: HistoryEntry, timeZone: TimeZone) {
            askedAt = UsageFormatting.iso8601(entry.askedAt, in: timeZone)
            persona = entry.personaID
            personaName = entry.personaName
            trouble = entry.trouble
            reply = entry.reply
            truncated = entry.isTruncated
        }
    }

    /// `strata gpt history`: each reply under its date, persona and trouble, newest first; with a page, a
    /// last line saying which page it is and how to see the next.
    public static func historyText(_ entries: [HistoryEntry], page: ReplyHistoryPage? = nil, timeZone: TimeZone) -> String {
        guard !entries.isEmpty else { return "No replies yet. Ask with `strata gpt ask \"I missed the bus\"`.\n" }
        let replies = entries.map { entry in
            "\(UsageFormatting.minute(entry.askedAt, in: timeZone))  \(entry.personaName)\n  Trouble: \(entry.trouble)\n"
                + entry.reply.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
                + (entry.isTruncated ? "\n  (cut off at the model's length limit)" : "") + "\n"
        }.joined(separator: "\n")
        guard let page else { return replies }
        let next = page.number < page.count ? "; older replies: strata gpt history --page \(page.number + 1)" : ""
        return replies + "\nPage \(page.number) of \(page.count)\(next)\n"
    }

    /// `--page` past the last page: how many there are.
    public static func noSuchPageText(_ page: ReplyHistoryPage) -> String {
        "there is no page \(page.number) of your replies: there \(page.count == 1 ? "is" : "are") \(countText(page.count, "page"))."
    }

    /// `3/10 uses today, 7 left; resets at midnight, in 4 h 12 min`.
    public static func usageText(_ usage: Usage, now: Date, timeZone: TimeZone, localZone: TimeZone = .current) -> String {
        "\(usage.used)/\(usage.limit) \(usage.limit == 1 ? "use" : "uses") today, \(usage.remaining) left; resets \(UsageFormatting.resetText(usage.resetsAt, now: now, in: timeZone, localZone: localZone))\n"
    }

    /// The line after a reply: `(lucky · uses today 4/10)`.
    public static func replyFooter(_ result: ConvertTroubleResult) -> String {
        let cut = result.reply.isTruncated ? "cut off at the length limit · " : ""
        return "(\(cut)\(result.reply.personaID) · \(UsageFormatting.usesToday(result.usage)))\n"
    }
}
