import BlocksDomain

/// The two steps of Tempus's daily create and edit screens: first the title and the focus and break
/// durations, then the start time and the repeat count.
public enum DailyFormStep: Sendable, Hashable {
    case info
    case schedule
}

/// What the two steps collect.
public struct DailyForm: Sendable, Hashable {
    public var title = ""
    public var focusSeconds = 50 * 60
    public var breakSeconds = 10 * 60
    public var startSeconds = 9 * 3600
    public var repeatCount = 1

    public init() {}

    public init(_ daily: Daily) {
        title = daily.title
        focusSeconds = daily.focusSeconds
        breakSeconds = daily.breakSeconds
        startSeconds = daily.startSeconds
        repeatCount = daily.repeatCount
    }

    var draft: DailyDraft {
        DailyDraft(title: title, startSeconds: startSeconds, repeatCount: repeatCount, focusSeconds: focusSeconds,
                   breakSeconds: breakSeconds)
    }

    /// Checks the first step alone, so a person hears about an empty title before choosing a start time.
    func validateInfo() throws {
        _ = try BlocksValidation.title(title)
        _ = try BlocksValidation.duration(focusSeconds, field: "focus")
        _ = try BlocksValidation.duration(breakSeconds, field: "break")
    }

    /// The most rounds that fit in a day with the chosen durations (zero ones count as a minute).
    public var maximumRepeats: Int {
        let focus = focusSeconds == 0 ? BlocksValidation.minimumDuration : focusSeconds
        let rest = breakSeconds == 0 ? BlocksValidation.minimumDuration : breakSeconds
        return BlocksValidation.maximumRepeats(roundSeconds: focus + rest)
    }
}
