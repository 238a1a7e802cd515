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

    /// One focus plus one break. Saturating, as ``totalSeconds`` is: what Strata saves fits in a day, but a row
    /// written into the file by hand may hold any Int, and one past Int's range trapped every command that
    /// showed it, `clock stop` and `daily delete` included.
    public var roundSeconds: Int {
        let (sum, overflow) = focusSeconds.addingReportingOverflow(breakSeconds)
        return overflow ? (focusSeconds < 0 ? .min : .max) : sum
    }

    /// The whole schedule from the first focus to the end of the last break.
    public var totalSeconds: Int {
        let (product, overflow) = roundSeconds.multipliedReportingOverflow(by: repeatCount)
        return overflow ? ((roundSeconds < 0) != (repeatCount < 0) ? .min : .max) : product
    }
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
