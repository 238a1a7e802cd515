import FoundationEssentials

/// Validates a draft and saves it as a new daily schedule. A zero focus or break becomes a minute; a
/// schedule longer than a day is refused ("Too many repeats").
public protocol DailyCreateUseCase: Sendable {
    /// - Throws: `BlocksError.emptyTitle`, `.tooManyRepeats`, `.invalidRepeatCount`, `.invalidStartTime`,
    ///   `.negativeDuration`, or the repository's error.
    func execute(_ draft: DailyDraft) throws -> Daily
}

public struct DefaultDailyCreateUseCase: DailyCreateUseCase {
    private let repository: any DailyRepository
    private let clock: any BlocksClock

    public init(repository: any DailyRepository, clock: any BlocksClock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(_ draft: DailyDraft) throws -> Daily {
        let valid = try BlocksValidation.daily(draft, clampRepeats: false)
        let daily = Daily(title: valid.title, startSeconds: valid.startSeconds, repeatCount: valid.repeatCount,
                          focusSeconds: valid.focusSeconds, breakSeconds: valid.breakSeconds,
                          createdAt: clock.now())
        try repository.create(daily)
        return daily
    }
}
