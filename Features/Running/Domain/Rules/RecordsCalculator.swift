import Foundation

/// Adds up the history: everything, and month by month.
public enum RecordsCalculator {
    public static func cumulative(_ runs: [RunRecord]) -> CumulativeRecord {
        runs.reduce(into: CumulativeRecord()) { record, run in
            record.runs += 1
            record.distanceKm += run.result.distanceKm
            record.elapsedSeconds += run.result.elapsedSeconds
            record.calories += run.result.calories
        }
    }

    /// The runs that started in `month` (in `calendar`'s time zone), added up.
    public static func monthly(_ runs: [RunRecord], month: YearMonth, calendar: Calendar) -> MonthlyRecord {
        runs.filter { YearMonth(date: $0.startedAt, calendar: calendar) == month }
            .reduce(into: MonthlyRecord(month: month)) { record, run in
                record.runs += 1
                record.distanceKm += run.result.distanceKm
                record.elapsedSeconds += run.result.elapsedSeconds
            }
    }
}
