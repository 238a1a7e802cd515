import FoundationEssentials

/// Deletes a block; if it was the running mode, the clock stops too.
public protocol BlockDeleteUseCase: Sendable {
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func execute(id: UUID) throws
}

public struct DefaultBlockDeleteUseCase: BlockDeleteUseCase {
    private let repository: any BlockRepository
    private let runningMode: any RunningModeRepository

    public init(repository: any BlockRepository, runningMode: any RunningModeRepository) {
        self.repository = repository
        self.runningMode = runningMode
    }

    public func execute(id: UUID) throws {
        try repository.delete(id: id)
        try runningMode.clear(ifRunning: .block, id: id)
    }
}
