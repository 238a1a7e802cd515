import FoundationEssentials

/// Reads daily schedules: all of them newest first, or one by id.
public protocol DailyFetchUseCase: Sendable {
    func fetchAll() throws -> [Daily]
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func fetch(id: UUID) throws -> Daily
}

public struct DefaultDailyFetchUseCase: DailyFetchUseCase {
    private let repository: any DailyRepository

    public init(repository: any DailyRepository) {
        self.repository = repository
    }

    public func fetchAll() throws -> [Daily] { try repository.fetchAll() }

    public func fetch(id: UUID) throws -> Daily { try repository.fetch(id: id) }
}
