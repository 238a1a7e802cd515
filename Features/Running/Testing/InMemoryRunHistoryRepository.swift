import Foundation
import RunningDomain

/// A history kept in memory, for tests and previews.
public actor InMemoryRunHistoryRepository: RunHistoryRepository {
    private var records: [RunRecord]

    public init(records: [RunRecord] = []) { self.records = records }

    @discardableResult
    public func save(_ record: RunRecord) async throws -> RunRecord {
        var saved = record
        saved.id = Int64(records.count + 1)
        records.append(saved)
        return saved
    }

    public func allRuns() async throws -> [RunRecord] {
        records.sorted { $0.startedAt > $1.startedAt }
    }

    public var saved: [RunRecord] { records }
}
