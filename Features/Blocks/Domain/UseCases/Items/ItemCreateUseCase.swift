import FoundationEssentials

/// Validates a draft and saves it as a new item, created now. A zero duration becomes a minute; a daily
/// longer than a day is refused ("Too many repeats").
public protocol ItemCreateUseCase<Item>: Sendable {
    associatedtype Item: BlocksItem
    /// - Throws: the `BlocksError` of the rule the draft breaks, or the repository's error.
    func execute(_ draft: Item.Draft) throws -> Item
}

public struct DefaultItemCreateUseCase<Item: BlocksItem>: ItemCreateUseCase {
    private let repository: any ItemRepository<Item>
    private let clock: any BlocksClock

    public init(repository: any ItemRepository<Item>, clock: any BlocksClock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(_ draft: Item.Draft) throws -> Item {
        let item = try Item(id: UUID(), createdAt: clock.now(), validating: draft, editing: false)
        try repository.create(item)
        return item
    }
}
