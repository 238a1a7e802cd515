import FoundationEssentials

/// Where timers are kept. `fetchAll` answers newest first; `fetch`, `update` and `delete` throw
/// `BlocksError.notFound` for an unknown id.
public protocol TimerRepository: Sendable {
    func fetchAll() throws -> [FocusTimer]
    func fetch(id: UUID) throws -> FocusTimer
    func create(_ timer: FocusTimer) throws
    func update(_ timer: FocusTimer) throws
    func delete(id: UUID) throws
}
