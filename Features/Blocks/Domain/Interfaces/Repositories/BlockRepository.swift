import FoundationEssentials

/// Where blocks are kept. `fetchAll` answers newest first; `fetch`, `update` and `delete` throw
/// `BlocksError.notFound` for an unknown id.
public protocol BlockRepository: Sendable {
    func fetchAll() throws -> [Block]
    func fetch(id: UUID) throws -> Block
    func create(_ block: Block) throws
    func update(_ block: Block) throws
    func delete(id: UUID) throws
}
