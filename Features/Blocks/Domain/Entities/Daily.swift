import FoundationEssentials

/// A daily schedule: from `startSeconds` after local midnight, `repeatCount` rounds of focus then break.
public struct Daily: Sendable, Hashable, Identifiable, Codable {
    public let id: UUID
    public var title: String
    /// Wall-clock start as seconds from local midnight (0 ..< 86 400).
    public var startSeconds: Int
    public var repeatCount: Int
    public var focusSeconds: Int
    public var breakSeconds: Int
    public let createdAt: Date

    public init(
        id: UUID = UUID(), title: String, startSeconds: Int, repeatCount: Int,
        focusSeconds: Int, breakSeconds: Int, createdAt: Date
    ) {
        self.id = id
        self.title = title
        self.startSeconds = startSeconds
        self.repeatCount = repeatCount
        self.focusSeconds = focusSeconds
        self.breakSeconds = breakSeconds
        self.createdAt = createdAt
    }

    /// One focus plus one break.
    public var roundSeconds: Int { focusSeconds + breakSeconds }

    /// The whole schedule from the first focus to the end of the last break.
    public var totalSeconds: Int { roundSeconds * repeatCount }
}

extension Daily: BlocksItem {
    public static let kind = ModeKind.daily

    public var draft: DailyDraft {
        DailyDraft(
            title: title, startSeconds: startSeconds, repeatCount: repeatCount, focusSeconds: focusSeconds,
            breakSeconds: breakSeconds)
    }

    /// Creating refuses a schedule longer than a day; editing lowers the repeat count to what fits.
    public init(id: UUID, createdAt: Date, validating draft: DailyDraft, editing: Bool) throws(BlocksError) {
        let title = try BlocksValidation.title(draft.title)
        let focus = try BlocksValidation.duration(draft.focusSeconds, field: "focus")
        let rest = try BlocksValidation.duration(draft.breakSeconds, field: "break")
        self.init(
            id: id, title: title, startSeconds: try BlocksValidation.startTime(draft.startSeconds),
            repeatCount: try BlocksValidation.repeatCount(
                draft.repeatCount, roundSeconds: focus + rest,
                clamp: editing),
            focusSeconds: focus, breakSeconds: rest, createdAt: createdAt)
    }
}
