import FoundationEssentials

/// Where daily schedules are kept. `fetchAll` answers newest first; `fetch`, `update` and `delete` throw
/// `BlocksError.notFound` for an unknown id.
public protocol DailyRepository: Sendable {
    func fetchAll() throws -> [Daily]
    func fetch(id: UUID) throws -> Daily
    func create(_ daily: Daily) throws
    func update(_ daily: Daily) throws
    func delete(id: UUID) throws
}
