import FoundationEssentials

/// Validates a draft and replaces the item with that id, keeping its id and creation date. Unlike creating,
/// editing a daily lowers a repeat count that no longer fits in a day to the most that fit.
public protocol ItemEditUseCase<Item>: Sendable {
    associatedtype Item: BlocksItem
    /// - Throws: the validation errors of creating (a daily's `.tooManyRepeats` only when not even one round
    ///   fits), or `BlocksError.notFound`.
    func execute(id: UUID, _ draft: Item.Draft) throws -> Item
}

public struct DefaultItemEditUseCase<Item: BlocksItem>: ItemEditUseCase {
    private let repository: any ItemRepository<Item>

    public init(repository: any ItemRepository<Item>) {
        self.repository = repository
    }

    public func execute(id: UUID, _ draft: Item.Draft) throws -> Item {
        let saved = try repository.fetch(id: id)
        let item = try Item(id: saved.id, createdAt: saved.createdAt, validating: draft, editing: true)
        try repository.update(item)
        return item
    }
}
