import FoundationEssentials

/// Reads timers: all of them newest first, or one by id.
public protocol TimerFetchUseCase: Sendable {
    func fetchAll() throws -> [FocusTimer]
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func fetch(id: UUID) throws -> FocusTimer
}

public struct DefaultTimerFetchUseCase: TimerFetchUseCase {
    private let repository: any TimerRepository

    public init(repository: any TimerRepository) {
        self.repository = repository
    }

    public func fetchAll() throws -> [FocusTimer] { try repository.fetchAll() }

    public func fetch(id: UUID) throws -> FocusTimer { try repository.fetch(id: id) }
}
