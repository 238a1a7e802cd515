import FoundationEssentials

/// Deletes a timer; if it was the running mode, the clock stops too.
public protocol TimerDeleteUseCase: Sendable {
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func execute(id: UUID) throws
}

public struct DefaultTimerDeleteUseCase: TimerDeleteUseCase {
    private let repository: any TimerRepository
    private let runningMode: any RunningModeRepository

    public init(repository: any TimerRepository, runningMode: any RunningModeRepository) {
        self.repository = repository
        self.runningMode = runningMode
    }

    public func execute(id: UUID) throws {
        try repository.delete(id: id)
        try runningMode.clear(ifRunning: .timer, id: id)
    }
}
