import FoundationEssentials

/// Deletes a daily schedule; if it was the running mode, the clock stops too.
public protocol DailyDeleteUseCase: Sendable {
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func execute(id: UUID) throws
}

public struct DefaultDailyDeleteUseCase: DailyDeleteUseCase {
    private let repository: any DailyRepository
    private let runningMode: any RunningModeRepository

    public init(repository: any DailyRepository, runningMode: any RunningModeRepository) {
        self.repository = repository
        self.runningMode = runningMode
    }

    public func execute(id: UUID) throws {
        try repository.delete(id: id)
        try runningMode.clear(ifRunning: .daily, id: id)
    }
}
