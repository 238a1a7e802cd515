import FoundationEssentials

/// Deletes an item; if it was the running mode, the clock stops too.
public protocol ItemDeleteUseCase<Item>: Sendable {
    associatedtype Item: BlocksItem
    /// - Throws: `BlocksError.notFound` for an unknown id.
    func execute(id: UUID) throws
}

public struct DefaultItemDeleteUseCase<Item: BlocksItem>: ItemDeleteUseCase {
    private let repository: any ItemRepository<Item>
    private let runningMode: any RunningModeRepository

    public init(repository: any ItemRepository<Item>, runningMode: any RunningModeRepository) {
        self.repository = repository
        self.runningMode = runningMode
    }

    public func execute(id: UUID) throws {
        try repository.delete(id: id)
        try runningMode.clear(ifRunning: Item.kind, id: id)
    }
}
