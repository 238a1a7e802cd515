import Foundation
import StrataTerminal
import Testing
import RunningDomain
import RunningTesting
@testable import RunningPresentation

@MainActor
struct RunningScreensTests {
    private func raceRequest(speed: Double) throws -> RunRequest {
        let ghost = GhostMate(nickname: "ghost", timeline: try ReplayTimeline(track: .stub(km: 2, secondsPerKm: 400), pace: nil))
        let track = RunTrack.stub(km: 2)
        return RunRequest(setting: RunningSetting(mode: .race, targetDistanceKm: 1, myNickname: "ana", mateNickname: "ghost"),
                          timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary, mate: ghost,
                          weightKg: 65, speed: speed)
    }

    @Test func theDashboardDrawsBarsForBothRunnersAndTheResult() async throws {
        let viewModel = RunDashboardViewModel(request: try raceRequest(speed: 0),
                                              useCase: DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository()))
        await viewModel.run()
        let screen = RunDashboardScreen(viewModel: viewModel)
        let canvas = Canvas(size: TerminalSize(width: 70, height: 16))
        screen.draw(in: canvas, context: RenderContext())
        let lines = canvas.buffer.lines
        #expect(screen.title == "Race to 1.00 km")
        #expect(lines[0].hasPrefix("Time 05:00    Calories 59 kcal")) // 300 s × 1.08 × 10 METs × 65 kg / 3600
        #expect(lines[2].hasPrefix("ana   1.00 km █") && lines[2].hasSuffix("100%"))
        #expect(lines[3].hasPrefix("ghost 0.75 km █") && lines[3].hasSuffix(" 75%"))
        #expect(lines[5].hasPrefix("You lead by 0.25 km"))
        #expect(lines[7].hasPrefix("You won!"))
        #expect(try screen.handle(.escape) == .ignored)
    }

    @Test func escapeCancelsARunningRunInsteadOfLeaving() async throws {
        let viewModel = RunDashboardViewModel(request: try raceRequest(speed: 1),
                                              useCase: DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository()))
        let screen = RunDashboardScreen(viewModel: viewModel)
        #expect(try screen.handle(.character("q")) == .handled, "q doesn't quit the app and drop the run unsaved")
        #expect(try screen.handle(.escape) == .handled)
        await viewModel.run()
        #expect(viewModel.result?.result.ending == .cancelled)
    }

    @Test func theSetupFormTypesIntoTheFocusedFieldAndCyclesTheMode() throws {
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:]),
                                          profile: RunnerProfile(nickname: "ana", weightKg: 65, defaultGoalKm: 5))
        let screen = RunSetupScreen(viewModel: viewModel) { _ in Issue.record("nothing should start") }
        for character in "a.gpx" { _ = try screen.handle(.character(character)) }
        #expect(viewModel.trackPath == "a.gpx")
        _ = try screen.handle(.up)
        _ = try screen.handle(.up)
        _ = try screen.handle(.right)
        #expect(viewModel.mode == .race)
        let canvas = Canvas(size: TerminalSize(width: 60, height: 10))
        screen.draw(in: canvas, context: RenderContext())
        #expect(canvas.buffer.lines[0].hasPrefix("› Mode        ‹ race ›"))
        #expect(canvas.buffer.lines[2].contains("a.gpx"))
        #expect(canvas.buffer.lines[3].hasPrefix("  Mate track"))
    }
}
