import FoundationEssentials

/// Where the items of one kind are kept. `fetchAll` answers newest first; `fetch`, `update` and `delete` throw
/// `BlocksError.notFound` for an unknown id.
public protocol ItemRepository<Item>: Sendable {
    associatedtype Item: BlocksItem
    func fetchAll() throws -> [Item]
    func fetch(id: UUID) throws -> Item
    func create(_ item: Item) throws
    func update(_ item: Item) throws
    func delete(id: UUID) throws
}
