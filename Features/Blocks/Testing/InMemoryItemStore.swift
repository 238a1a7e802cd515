import BlocksDomain
import Foundation

/// The storage behind the in-memory repositories: newest first, not-found errors like the real ones, and a
/// switch that makes every write fail, for tests of what happens on failure.
final class InMemoryItemStore<Item: Identifiable & Sendable>: @unchecked Sendable where Item.ID == UUID {
    private let lock = NSLock()
    private var items: [Item] = []
    private let kind: ModeKind
    private let createdAt: @Sendable (Item) -> Date
    var failingWrites: (any Error)?

    init(kind: ModeKind, createdAt: @escaping @Sendable (Item) -> Date) {
        self.kind = kind
        self.createdAt = createdAt
    }

    func fetchAll() -> [Item] {
        lock.withLock { items.sorted { createdAt($0) > createdAt($1) } }
    }

    func fetch(id: UUID) throws -> Item {
        guard let item = lock.withLock({ items.first { $0.id == id } }) else { throw BlocksError.notFound(kind, id) }
        return item
    }

    func create(_ item: Item) throws {
        try lock.withLock {
            if let failingWrites { throw failingWrites }
            items.append(item)
        }
    }

    func update(_ item: Item) throws {
        try lock.withLock {
            if let failingWrites { throw failingWrites }
            guard let index = items.firstIndex(where: { $0.id == item.id }) else {
                throw BlocksError.notFound(kind, item.id)
            }
            items[index] = item
        }
    }

    func delete(id: UUID) throws {
        try lock.withLock {
            if let failingWrites { throw failingWrites }
            guard let index = items.firstIndex(where: { $0.id == id }) else { throw BlocksError.notFound(kind, id) }
            items.remove(at: index)
        }
    }

    func setFailingWrites(_ error: (any Error)?) { lock.withLock { failingWrites = error } }
}
