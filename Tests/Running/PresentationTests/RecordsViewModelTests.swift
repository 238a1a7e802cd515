import Foundation
import Testing
import RunningDomain
import RunningTesting
@testable import RunningPresentation

@MainActor
struct RecordsViewModelTests {
    private func model(month: String = "2026-11") -> RecordsViewModel {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let history = InMemoryRunHistoryRepository(records: [
            .stub(startedAt: Date(timeIntervalSince1970: 1_793_000_000), result: .stub(distanceKm: 5, elapsedSeconds: 1500, calories: 300)), // 2026-10-26
            .stub(startedAt: Date(timeIntervalSince1970: 1_795_000_000), result: .stub(distanceKm: 3, elapsedSeconds: 1000, calories: 200)), // 2026-11-18
        ])
        return RecordsViewModel(fetchRecords: DefaultFetchRecordsUseCase(history: history, calendar: utc),
                                month: YearMonth(month)!, currentMonth: YearMonth("2026-11")!)
    }

    @Test func showsTheMonthAndEverything() async throws {
        let viewModel = model()
        await viewModel.load()
        let state = try #require(viewModel.state)
        #expect(state.monthTitle == "November 2026")
        #expect(state.monthLines == ["Runs      1", "Distance  3.00 km", "Time      16:40"])
        #expect(state.totalLines == ["Runs      2", "Distance  8.00 km", "Time      41:40", "Calories  500 kcal"])
        #expect(!state.canShowNext)
    }

    @Test func navigatesBetweenMonthsButNotIntoTheFuture() async throws {
        let viewModel = model()
        await viewModel.showPrevious()
        let october = try #require(viewModel.state)
        #expect(october.monthTitle == "October 2026")
        #expect(october.monthLines.first == "Runs      1")
        #expect(october.canShowNext)
        await viewModel.showPrevious()
        #expect(viewModel.state?.monthLines.first == "Runs      0")
        await viewModel.showNext()
        await viewModel.showNext()
        #expect(viewModel.state?.monthTitle == "November 2026")
        await viewModel.showNext()
        #expect(viewModel.state?.monthTitle == "November 2026")
        #expect(viewModel.month == YearMonth("2026-11"))
        #expect(viewModel.errorMessage == nil)
    }
}
