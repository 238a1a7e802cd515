import Foundation

/// The records of the history: everything, one month, and which months have runs.
public struct RunningRecords: Sendable, Equatable {
    public var cumulative: CumulativeRecord
    public var monthly: MonthlyRecord
    /// Months with at least one run, oldest first.
    public var activeMonths: [YearMonth]

    public init(cumulative: CumulativeRecord, monthly: MonthlyRecord, activeMonths: [YearMonth]) {
        self.cumulative = cumulative
        self.monthly = monthly
        self.activeMonths = activeMonths
    }
}

/// Reads the history and adds it up.
public protocol FetchRecordsUseCase: Sendable {
    func execute(month: YearMonth) async throws -> RunningRecords
}

public struct DefaultFetchRecordsUseCase: FetchRecordsUseCase {
    private let history: any RunHistoryRepository
    private let calendar: Calendar

    public init(history: any RunHistoryRepository, calendar: Calendar = .current) {
        self.history = history
        self.calendar = calendar
    }

    public func execute(month: YearMonth) async throws -> RunningRecords {
        let runs = try await history.allRuns()
        let months = Set(runs.map { YearMonth(date: $0.startedAt, calendar: calendar) }).sorted()
        return RunningRecords(
            cumulative: RecordsCalculator.cumulative(runs),
            monthly: RecordsCalculator.monthly(runs, month: month, calendar: calendar),
            activeMonths: months)
    }
}
