import FoundationEssentials

/// Validates a draft and replaces the daily with that id. Unlike creating, editing lowers a repeat count
/// that no longer fits in a day to the most that fit.
public protocol DailyEditUseCase: Sendable {
    /// - Throws: the validation errors of `DailyCreateUseCase` (`.tooManyRepeats` only when not even one
    ///   round fits), or `BlocksError.notFound`.
    func execute(id: UUID, _ draft: DailyDraft) throws -> Daily
}

public struct DefaultDailyEditUseCase: DailyEditUseCase {
    private let repository: any DailyRepository

    public init(repository: any DailyRepository) {
        self.repository = repository
    }

    public func execute(id: UUID, _ draft: DailyDraft) throws -> Daily {
        var daily = try repository.fetch(id: id)
        let valid = try BlocksValidation.daily(draft, clampRepeats: true)
        daily.title = valid.title
        daily.startSeconds = valid.startSeconds
        daily.repeatCount = valid.repeatCount
        daily.focusSeconds = valid.focusSeconds
        daily.breakSeconds = valid.breakSeconds
        try repository.update(daily)
        return daily
    }
}
