import Foundation

/// Adds up the history: everything, and month by month. The runs come from a file, so a sum that would
/// pass `Int.max` stops there rather than trapping.
public enum RecordsCalculator {
    public static func cumulative(_ runs: [RunRecord]) -> CumulativeRecord {
        runs.reduce(into: CumulativeRecord()) { record, run in
            record.runs += 1
            record.distanceKm += run.result.distanceKm
            record.elapsedSeconds = adding(record.elapsedSeconds, run.result.elapsedSeconds)
            record.calories += run.result.calories
        }
    }

    /// The runs that started in `month` (in `calendar`'s time zone), added up.
    public static func monthly(_ runs: [RunRecord], month: YearMonth, calendar: Calendar) -> MonthlyRecord {
        runs.filter { YearMonth(date: $0.startedAt, calendar: calendar) == month }
            .reduce(into: MonthlyRecord(month: month)) { record, run in
                record.runs += 1
                record.distanceKm += run.result.distanceKm
                record.elapsedSeconds = adding(record.elapsedSeconds, run.result.elapsedSeconds)
            }
    }

    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}
