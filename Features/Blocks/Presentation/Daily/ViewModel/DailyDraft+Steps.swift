import BlocksDomain

/// Tempus's daily form has two steps: first the title and the focus and break durations, then the start time
/// and the repeat count.
extension DailyDraft {
    /// Checks the first step alone, so a person hears about an empty title before choosing a start time.
    public func validateFirstStep() throws {
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
