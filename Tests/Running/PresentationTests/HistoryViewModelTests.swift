import Foundation
import RunningDomain
import RunningTesting
@testable import RunningPresentation
import StrataTerminal
import Testing

/// MateRunner's history in the app: five runs a page, newest first, and a run opens in full.
@MainActor
struct HistoryViewModelTests {
    let utc = TimeZone(identifier: "UTC")!

    func history(_ count: Int) -> InMemoryRunHistoryRepository {
        InMemoryRunHistoryRepository(records: (0..<count).map {
            .stub(startedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double($0) * 86_400),
                  result: .stub(distanceKm: Double($0 + 1), elapsedSeconds: 300 * ($0 + 1)))
        })
    }

    @Test func fiveRunsAPageNewestFirstAndTheLastPageHoldsTheRest() async {
        let viewModel = HistoryViewModel(fetchHistory: DefaultFetchHistoryUseCase(history: history(7)), timeZone: utc)
        await viewModel.load()
        #expect(viewModel.rows.count == 5)
        #expect(viewModel.rows.first?.title == "2026-09-27 14:13")
        #expect(viewModel.pageText == "Page 1 of 2")
        // The newest: 7 km in 35:00, a pace of 5:00/km, as the command line's history shows it.
        #expect(viewModel.rows.first?.detail == "7.00 km  35:00  5:00/km  Goal reached!  single")
        viewModel.turnPage(forward: true)
        #expect(viewModel.rows.count == 2 && viewModel.pageText == "Page 2 of 2")
        viewModel.turnPage(forward: true)
        #expect(viewModel.page.number == 2, "no page past the last")
        viewModel.turnPage(forward: false)
        #expect(viewModel.page.number == 1)
    }

    /// At 60 columns the list keeps each run's date, distance and time whole, in columns (it cuts the end).
    @Test func aNarrowTerminalStillShowsTheDistanceAndTimeOfEachRun() async {
        let viewModel = HistoryViewModel(fetchHistory: DefaultFetchHistoryUseCase(history: history(12)), timeZone: utc)
        await viewModel.load()
        let canvas = Canvas(size: TerminalSize(width: 60, height: 8))
        RunHistoryScreen(viewModel: viewModel) { _, _ in }.draw(in: canvas, context: RenderContext())
        let lines = canvas.buffer.lines
        #expect(lines[0].hasPrefix("› 2026-10-02 14:13  12.00 km  1:00:00  5:00/km  Goal"), "\(lines)")
        #expect(lines[4].hasPrefix("  2026-09-28 14:13  8.00 km   40:00    5:00/km  Goal"), "\(lines)")
    }

    @Test func aRunOpensInFullFromTheScreen() async throws {
        let viewModel = HistoryViewModel(fetchHistory: DefaultFetchHistoryUseCase(history: history(2)), timeZone: utc)
        await viewModel.load()
        var opened: (String, [String])?
        let screen = RunHistoryScreen(viewModel: viewModel) { opened = ($0, $1) }
        _ = try screen.handle(.down)
        _ = try screen.handle(.enter)
        let (title, lines) = try #require(opened)
        #expect(title == "2026-09-21 14:13")
        #expect(lines.first == "Goal reached!")
        #expect(lines.contains("Track     Stub (stub.gpx)"))
        #expect(viewModel.pageText == nil)
    }
}
