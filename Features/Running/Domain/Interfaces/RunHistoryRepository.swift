/// Where finished and cancelled runs are kept.
public protocol RunHistoryRepository: Sendable {
    /// Saves `record` whole (or not at all) and returns it with its id.
    @discardableResult
    func save(_ record: RunRecord) async throws -> RunRecord
    /// Every saved run, newest first.
    func allRuns() async throws -> [RunRecord]
}
