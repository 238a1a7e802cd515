import BlocksDomain
import Foundation
import Synchronization

/// The items of one kind kept in memory, for tests and for trying the feature without a database: newest
/// first, not-found errors like the real repository, and a switch that makes every write fail, for tests of
/// what happens on failure.
public final class InMemoryItemRepository<Item: BlocksItem>: ItemRepository, Sendable {
    private struct State {
        var items: [Item]
        var failingWrites: (any Error)?
    }

    private let state: Mutex<State>

    public init(_ items: [Item] = []) {
        state = Mutex(State(items: items))
    }

    /// Makes every later write throw `error` (`nil` heals it).
    public func failWrites(with error: (any Error)?) { state.withLock { $0.failingWrites = error } }

    public func fetchAll() throws -> [Item] {
        state.withLock { $0.items.sorted { $0.createdAt > $1.createdAt } }
    }

    public func fetch(id: UUID) throws -> Item {
        guard let item = state.withLock({ $0.items.first { $0.id == id } }) else { throw BlocksError.notFound(Item.kind, id) }
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
        try state.withLock { state in
            if let failingWrites = state.failingWrites { throw failingWrites }
            try change(&state.items)
        }
    }

    private static func index(of id: UUID, in items: [Item]) throws -> Int {
        guard let index = items.firstIndex(where: { $0.id == id }) else { throw BlocksError.notFound(Item.kind, id) }
        return index
    }
}

/// The running mode kept in memory.
public final class InMemoryRunningModeRepository: RunningModeRepository, Sendable {
    private let mode: Mutex<RunningMode?>

    public init(_ mode: RunningMode? = nil) {
        self.mode = Mutex(mode)
    }

    public func load() throws -> RunningMode? { mode.withLock { $0 } }
    public func save(_ mode: RunningMode) throws { self.mode.withLock { $0 = mode } }
    public func clear() throws { mode.withLock { $0 = nil } }
}

extension ModeItemSource {
    /// The three kinds kept in memory; a kind a test leaves out is empty.
    public static func inMemory(
        blocks: InMemoryItemRepository<Block> = .init(), dailies: InMemoryItemRepository<Daily> = .init(),
        timers: InMemoryItemRepository<FocusTimer> = .init()
    ) -> ModeItemSource {
        ModeItemSource(blocks: blocks, dailies: dailies, timers: timers)
    }
}
