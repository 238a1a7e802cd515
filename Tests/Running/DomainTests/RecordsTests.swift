import Foundation
import Testing
import RunningTesting
@testable import RunningDomain

struct RecordsTests {
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func recordsAddUpAllRunsAndOneMonth() async throws {
        let history = InMemoryRunHistoryRepository(records: [
            .stub(startedAt: date("2026-10-31T23:30:00Z"), result: .stub(distanceKm: 5, elapsedSeconds: 1500, calories: 300)),
            .stub(startedAt: date("2026-11-01T06:00:00Z"), result: .stub(distanceKm: 3, elapsedSeconds: 1000, calories: 200, ending: .cancelled)),
            .stub(startedAt: date("2026-11-20T06:00:00Z"), result: .stub(distanceKm: 10, elapsedSeconds: 3000, calories: 600)),
        ])
        let records = try await DefaultFetchRecordsUseCase(history: history, calendar: utc)
            .execute(month: YearMonth("2026-11")!)
        #expect(records.cumulative == CumulativeRecord(runs: 3, distanceKm: 18, elapsedSeconds: 5500, calories: 1100))
        #expect(records.monthly == MonthlyRecord(month: YearMonth("2026-11")!, runs: 2, distanceKm: 13, elapsedSeconds: 4000))
        #expect(records.activeMonths == [YearMonth("2026-10")!, YearMonth("2026-11")!])
    }

    /// The runs are read from a file: times that add up past Int.max stop there instead of trapping (found
    /// reading the code after fuzzing the GPX reader).
    @Test func timesFromADamagedHistoryAddUpWithoutTrapping() {
        let runs: [RunRecord] = [.stub(startedAt: date("2026-11-20T06:00:00Z"), result: .stub(elapsedSeconds: .max)),
                                 .stub(startedAt: date("2026-11-21T06:00:00Z"), result: .stub(elapsedSeconds: 60))]
        #expect(RecordsCalculator.cumulative(runs).elapsedSeconds == .max)
        #expect(RecordsCalculator.monthly(runs, month: YearMonth("2026-11")!, calendar: utc).elapsedSeconds == .max)
    }

    @Test func aMonthWithoutRunsIsZero() {
        let runs: [RunRecord] = [.stub(startedAt: date("2026-11-20T06:00:00Z"))]
        let record = RecordsCalculator.monthly(runs, month: YearMonth("2026-09")!, calendar: utc)
        #expect(record == MonthlyRecord(month: YearMonth("2026-09")!))
    }

    @Test func yearMonthReadsWritesAndSteps() {
        #expect(YearMonth("2026-11")?.description == "2026-11")
        #expect(YearMonth("2026-12")?.next.description == "2027-01")
        #expect(YearMonth("2026-01")?.previous.description == "2025-12")
        #expect(YearMonth("2026-13") == nil)
        #expect(YearMonth("2026-1") == nil)
        #expect(YearMonth("26-11") == nil)
        #expect(YearMonth(date: date("2026-03-31T23:59:59Z"), calendar: utc) == YearMonth("2026-03"))
    }
}
