import Foundation
import RunningDomain

/// One run of `strata running history --json`.
public struct HistoryEntryJSON: Encodable, Sendable, Equatable {
    public var id: Int64?
    /// ISO 8601, UTC.
    public var startedAt: String
    public var result: RunResultJSON

    public init(_ record: RunRecord) {
        id = record.id
        startedAt = ISO8601DateFormatter().string(from: record.startedAt)
        result = RunResultJSON(record.result, route: record.route)
    }
}

/// `strata running records --json`.
public struct RecordsJSON: Encodable, Sendable, Equatable {
    public struct Total: Encodable, Sendable, Equatable {
        public var runs: Int
        public var distanceKm: Double
        public var elapsedSeconds: Int
        public var calories: Double
    }

    public struct Month: Encodable, Sendable, Equatable {
        public var month: String
        public var runs: Int
        public var distanceKm: Double
        public var elapsedSeconds: Int
    }

    public var cumulative: Total
    public var monthly: Month
    public var activeMonths: [String]

    public init(_ records: RunningRecords) {
        let total = records.cumulative, month = records.monthly
        cumulative = Total(
            runs: total.runs, distanceKm: JSONRounding.km(total.distanceKm),
            elapsedSeconds: total.elapsedSeconds, calories: JSONRounding.decimals(total.calories, 1))
        monthly = Month(
            month: month.month.description, runs: month.runs, distanceKm: JSONRounding.km(month.distanceKm),
            elapsedSeconds: month.elapsedSeconds)
        activeMonths = records.activeMonths.map(\.description)
    }
}
