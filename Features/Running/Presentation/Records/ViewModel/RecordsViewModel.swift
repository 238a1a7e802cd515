import Foundation
import RunningDomain

/// What the records screen shows: everything run so far and one month, with month navigation.
public struct RecordsViewState: Sendable, Equatable {
    public var monthTitle: String
    public var canShowNext: Bool
    public var canShowPrevious: Bool
    public var totalLines: [String]
    public var monthLines: [String]
}

/// Loads the records of one month at a time; `showPrevious` / `showNext` move between months.
public actor RecordsViewModel {
    private let fetchRecords: any FetchRecordsUseCase
    private let currentMonth: YearMonth
    public private(set) var month: YearMonth
    public private(set) var records: RunningRecords?

    public init(fetchRecords: any FetchRecordsUseCase, month: YearMonth, currentMonth: YearMonth) {
        self.fetchRecords = fetchRecords
        self.month = month
        self.currentMonth = currentMonth
    }

    @discardableResult
    public func load() async throws -> RecordsViewState {
        let records = try await fetchRecords.execute(month: month)
        self.records = records
        return Self.state(records, month: month, currentMonth: currentMonth)
    }

    /// Moves to the month before and loads it.
    @discardableResult
    public func showPrevious() async throws -> RecordsViewState {
        month = month.previous
        return try await load()
    }

    /// Moves to the month after (never past the current month) and loads it.
    @discardableResult
    public func showNext() async throws -> RecordsViewState {
        if month < currentMonth { month = month.next }
        return try await load()
    }

    public static func state(_ records: RunningRecords, month: YearMonth, currentMonth: YearMonth) -> RecordsViewState {
        let total = records.cumulative, monthly = records.monthly
        return RecordsViewState(
            monthTitle: monthTitle(month),
            canShowNext: month < currentMonth,
            canShowPrevious: true,
            totalLines: [
                "Runs      \(total.runs)",
                "Distance  \(RunningFormat.distance(total.distanceKm)) km",
                "Time      \(RunningFormat.elapsedTime(total.elapsedSeconds))",
                "Calories  \(RunningFormat.calories(total.calories)) kcal",
            ],
            monthLines: [
                "Runs      \(monthly.runs)",
                "Distance  \(RunningFormat.distance(monthly.distanceKm)) km",
                "Time      \(RunningFormat.elapsedTime(monthly.elapsedSeconds))",
            ])
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    public static func monthTitle(_ month: YearMonth) -> String { "\(monthNames[month.month - 1]) \(month.year)" }
}
