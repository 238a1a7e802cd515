import BlocksDomain
import Foundation

/// The items of one kind kept in memory, for tests and for trying the feature without a database: newest
/// first, not-found errors like the real repository, and a switch that makes every write fail, for tests of
/// what happens on failure.
public final class InMemoryItemRepository<Item: BlocksItem>: ItemRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Item]
    private var failingWrites: (any Error)?

    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Makes every later write throw `error` (`nil` heals it).
    public func failWrites(with error: (any Error)?) { lock.withLock { failingWrites = error } }

    public func fetchAll() throws -> [Item] {
        lock.withLock { items.sorted { $0.createdAt > $1.createdAt } }
    }

    public func fetch(id: UUID) throws -> Item {
        guard let item = lock.withLock({ items.first { $0.id == id } }) else { throw BlocksError.notFound(Item.kind, id) }
        return item
    }

    public func create(_ item: Item) throws {
        try write { $0.append(item) }
    }

    public func update(_ item: Item) throws {
        try write { items in items[try Self.index(of: item.id, in: items)] = item }
    }

    public func delete(id: UUID) throws {
        try write { items in items.remove(at: try Self.index(of: id, in: items)) }
    }

    private func write(_ change: (inout [Item]) throws -> Void) throws {
        try lock.withLock {
            if let failingWrites { throw failingWrites }
            try change(&items)
        }
    }

    private static func index(of id: UUID, in items: [Item]) throws -> Int {
        guard let index = items.firstIndex(where: { $0.id == id }) else { throw BlocksError.notFound(Item.kind, id) }
        return index
    }
}

/// The running mode kept in memory.
public final class InMemoryRunningModeRepository: RunningModeRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var mode: RunningMode?

    public init(_ mode: RunningMode? = nil) {
        self.mode = mode
    }

    public func load() throws -> RunningMode? { lock.withLock { mode } }
    public func save(_ mode: RunningMode) throws { lock.withLock { self.mode = mode } }
    public func clear() throws { lock.withLock { mode = nil } }
}

extension ModeItemSource {
    /// The three kinds kept in memory; a kind a test leaves out is empty.
    public static func inMemory(blocks: InMemoryItemRepository<Block> = .init(), dailies: InMemoryItemRepository<Daily> = .init(),
                                timers: InMemoryItemRepository<FocusTimer> = .init()) -> ModeItemSource {
        ModeItemSource(blocks: blocks, dailies: dailies, timers: timers)
    }
}
