import FoundationEssentials

/// Reads blocks: all of them newest first, or one by id.
public protocol BlockFetchUseCase: Sendable {
    func fetchAll() throws -> [Block]
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func fetch(id: UUID) throws -> Block
}

public struct DefaultBlockFetchUseCase: BlockFetchUseCase {
    private let repository: any BlockRepository

    public init(repository: any BlockRepository) {
        self.repository = repository
    }

    public func fetchAll() throws -> [Block] { try repository.fetchAll() }

    public func fetch(id: UUID) throws -> Block { try repository.fetch(id: id) }
}
