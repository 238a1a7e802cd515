import FoundationEssentials

/// Reads the items of one kind: all of them newest first, or one by id.
public protocol ItemFetchUseCase<Item>: Sendable {
    associatedtype Item: BlocksItem
    func fetchAll() throws -> [Item]
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func fetch(id: UUID) throws -> Item
}

public struct DefaultItemFetchUseCase<Item: BlocksItem>: ItemFetchUseCase {
    private let repository: any ItemRepository<Item>

    public init(repository: any ItemRepository<Item>) {
        self.repository = repository
    }

    public func fetchAll() throws -> [Item] { try repository.fetchAll() }

    public func fetch(id: UUID) throws -> Item { try repository.fetch(id: id) }
}
