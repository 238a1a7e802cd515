import FoundationEssentials

/// Validates a draft and saves it as a new timer; a zero duration becomes a minute.
public protocol TimerCreateUseCase: Sendable {
    /// - Throws: `BlocksError.emptyTitle`, `.negativeDuration`, or the repository's error.
    func execute(_ draft: TimerDraft) throws -> FocusTimer
}

public struct DefaultTimerCreateUseCase: TimerCreateUseCase {
    private let repository: any TimerRepository
    private let clock: any BlocksClock

    public init(repository: any TimerRepository, clock: any BlocksClock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(_ draft: TimerDraft) throws -> FocusTimer {
        let timer = FocusTimer(title: try BlocksValidation.title(draft.title),
                               durationSeconds: try BlocksValidation.duration(draft.durationSeconds, field: "timer"),
                               createdAt: clock.now())
        try repository.create(timer)
        return timer
    }
}
