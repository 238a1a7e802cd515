import Foundation
import Observation
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
@MainActor @Observable
public final class RecordsViewModel {
    public private(set) var month: YearMonth
    public private(set) var state: RecordsViewState?
    public private(set) var errorMessage: String?

    @ObservationIgnored private let fetchRecords: any FetchRecordsUseCase
    @ObservationIgnored private let currentMonth: YearMonth

    public init(fetchRecords: any FetchRecordsUseCase, month: YearMonth, currentMonth: YearMonth) {
        self.fetchRecords = fetchRecords
        self.month = month
        self.currentMonth = currentMonth
    }

    public func load() async {
        let month = month
        do {
            let records = try await fetchRecords.execute(month: month)
            state = Self.state(records, month: month, currentMonth: currentMonth)
            errorMessage = nil
        } catch {
            errorMessage = RunningErrorText.text(error, for: .screens)
        }
    }

    /// Moves to the month before and loads it.
    public func showPrevious() async {
        month = month.previous
        await load()
    }

    /// Moves to the month after (never past the current month) and loads it.
    public func showNext() async {
        if month < currentMonth { month = month.next }
        await load()
    }

    nonisolated public static func state(_ records: RunningRecords, month: YearMonth, currentMonth: YearMonth) -> RecordsViewState {
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

    nonisolated static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    nonisolated public static func monthTitle(_ month: YearMonth) -> String { "\(monthNames[month.month - 1]) \(month.year)" }
}
