import FoundationEssentials

/// Validates a draft and replaces the timer with that id.
public protocol TimerEditUseCase: Sendable {
    /// - Throws: the validation errors of `TimerCreateUseCase`, or `BlocksError.notFound`.
    func execute(id: UUID, _ draft: TimerDraft) throws -> FocusTimer
}

public struct DefaultTimerEditUseCase: TimerEditUseCase {
    private let repository: any TimerRepository

    public init(repository: any TimerRepository) {
        self.repository = repository
    }

    public func execute(id: UUID, _ draft: TimerDraft) throws -> FocusTimer {
        var timer = try repository.fetch(id: id)
        timer.title = try BlocksValidation.title(draft.title)
        timer.durationSeconds = try BlocksValidation.duration(draft.durationSeconds, field: "timer")
        try repository.update(timer)
        return timer
    }
}
