import BlocksDomain
import Foundation

/// Blocks kept in memory, for tests and for trying the feature without a database.
public final class InMemoryBlockRepository: BlockRepository {
    private let store = InMemoryItemStore<Block>(kind: .block) { $0.createdAt }

    public init(_ blocks: [Block] = []) {
        blocks.forEach { try? store.create($0) }
    }

    /// Makes every later write throw `error` (`nil` heals it).
    public func failWrites(with error: (any Error)?) { store.setFailingWrites(error) }

    public func fetchAll() throws -> [Block] { store.fetchAll() }
    public func fetch(id: UUID) throws -> Block { try store.fetch(id: id) }
    public func create(_ block: Block) throws { try store.create(block) }
    public func update(_ block: Block) throws { try store.update(block) }
    public func delete(id: UUID) throws { try store.delete(id: id) }
}

/// Daily schedules kept in memory.
public final class InMemoryDailyRepository: DailyRepository {
    private let store = InMemoryItemStore<Daily>(kind: .daily) { $0.createdAt }

    public init(_ dailies: [Daily] = []) {
        dailies.forEach { try? store.create($0) }
    }

    /// Makes every later write throw `error` (`nil` heals it).
    public func failWrites(with error: (any Error)?) { store.setFailingWrites(error) }

    public func fetchAll() throws -> [Daily] { store.fetchAll() }
    public func fetch(id: UUID) throws -> Daily { try store.fetch(id: id) }
    public func create(_ daily: Daily) throws { try store.create(daily) }
    public func update(_ daily: Daily) throws { try store.update(daily) }
    public func delete(id: UUID) throws { try store.delete(id: id) }
}

/// Timers kept in memory.
public final class InMemoryTimerRepository: TimerRepository {
    private let store = InMemoryItemStore<FocusTimer>(kind: .timer) { $0.createdAt }

    public init(_ timers: [FocusTimer] = []) {
        timers.forEach { try? store.create($0) }
    }

    /// Makes every later write throw `error` (`nil` heals it).
    public func failWrites(with error: (any Error)?) { store.setFailingWrites(error) }

    public func fetchAll() throws -> [FocusTimer] { store.fetchAll() }
    public func fetch(id: UUID) throws -> FocusTimer { try store.fetch(id: id) }
    public func create(_ timer: FocusTimer) throws { try store.create(timer) }
    public func update(_ timer: FocusTimer) throws { try store.update(timer) }
    public func delete(id: UUID) throws { try store.delete(id: id) }
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
