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

    /// The dashboard of `request` run to its end, and its lines drawn at 70 × 16.
    private func finishedDashboard(_ request: RunRequest) async -> (screen: RunDashboardScreen, lines: [String]) {
        let viewModel = RunDashboardViewModel(request: request,
                                              useCase: DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository()),
                                              clock: ManualRunClock())
        await viewModel.run()
        let screen = RunDashboardScreen(viewModel: viewModel) { _ in Issue.record("a finished run asks nothing") }
        let canvas = Canvas(size: TerminalSize(width: 70, height: 16))
        screen.draw(in: canvas, context: RenderContext())
        return (screen, canvas.buffer.lines)
    }

    @Test func theDashboardDrawsBarsForBothRunnersAndTheResult() async throws {
        let (screen, lines) = await finishedDashboard(try raceRequest(speed: 0))
        #expect(screen.title == "Race to 1.00 km")
        #expect(lines[0].hasPrefix("Time 05:00    Calories 59 kcal")) // 300 s × 1.08 × 10 METs × 65 kg / 3600
        #expect(lines[2].hasPrefix("ana   1.00 km █") && lines[2].hasSuffix("100 %"))
        #expect(lines[3].hasPrefix("ghost 0.75 km █") && lines[3].hasSuffix(" 75 %"))
        #expect(lines[5].hasPrefix("You lead by 0.25 km"))
        #expect(lines[7].hasPrefix("You won!"))
        #expect(try screen.handle(.escape) == .ignored)
    }

    /// The bars' percentages are the result's, on one screen: a mate at 0.38 of 3.00 km read `12%` (the
    /// SDK bar's, rounded down) above the result's `(13 %)`.
    @Test func theDashboardsBarsRoundAsTheResultBelowThem() async throws {
        let ghost = GhostMate(nickname: "ghost", timeline: try ReplayTimeline(track: .stub(km: 2, secondsPerKm: 2360), pace: nil))
        let track = RunTrack.stub(km: 3)
        let request = RunRequest(setting: RunningSetting(mode: .race, targetDistanceKm: 3, myNickname: "ana", mateNickname: "ghost"),
                                 timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary, mate: ghost,
                                 weightKg: 65, speed: 0)
        let (_, lines) = await finishedDashboard(request)
        #expect(lines[3].hasPrefix("ghost 0.38 km █") && lines[3].hasSuffix(" 13 %"), "\(lines)")
    }

    /// Esc (or c) during a run asks before ending it: "no" runs on, "yes" ends it, saved as cancelled.
    @Test func escapeAsksBeforeEndingARunningRun() async throws {
        let viewModel = RunDashboardViewModel(request: try raceRequest(speed: 1),
                                              useCase: DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository()),
                                              clock: ManualRunClock())
        var answers = [false, false, true]
        var asked = 0
        let screen = RunDashboardScreen(viewModel: viewModel) { answer in
            asked += 1
            answer(answers.removeFirst())
        }
        // q asks too (it once did nothing, without a word): the run ends first, then q quits.
        #expect(try screen.handle(.character("q")) == .handled)
        #expect(asked == 1 && viewModel.isRunning)
        #expect(try screen.handle(.escape) == .handled)
        #expect(asked == 2 && viewModel.isRunning, "answering no leaves the run going")
        #expect(try screen.handle(.character("c")) == .handled)
        #expect(asked == 3)
        await viewModel.run()
        #expect(viewModel.result?.result.ending == .cancelled)
    }

    /// Ctrl-C quits the app during a run: before the terminal is given back, the run ends as cancelled and
    /// is in the history.
    @Test func quittingTheAppDuringARunSavesItAsCancelled() async throws {
        let history = InMemoryRunHistoryRepository()
        let viewModel = RunDashboardViewModel(request: try raceRequest(speed: 1),
                                              useCase: DefaultRunUseCase(clock: ManualRunClock(), history: history),
                                              clock: ManualRunClock())
        let app = TerminalApp { _ in RunDashboardScreen(viewModel: viewModel) { _ in Issue.record("quitting asks nothing") } }
        viewModel.start()
        try app.send(.interrupt)
        #expect(app.exitCode == 130)

        await app.quit()

        #expect(viewModel.result?.result.ending == .cancelled)
        #expect(try await history.allRuns().map(\.result.ending) == [.cancelled])
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

    /// Tab completes as far as the names agree; a second Tab lists them (it once moved to the next field);
    /// a third, with the list shown, moves on.
    @Test func aSecondTabListsTheTracksItCouldBeAndAThirdMovesOn() throws {
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:], paths: ["runs/a1.gpx", "runs/a2.gpx"]),
                                          profile: RunnerProfile(nickname: "ana", weightKg: 65, defaultGoalKm: 5))
        let screen = RunSetupScreen(viewModel: viewModel) { _ in Issue.record("nothing should start") }
        for character in "runs/" { _ = try screen.handle(.character(character)) }
        _ = try screen.handle(.tab)
        #expect(viewModel.trackPath == "runs/a")
        _ = try screen.handle(.tab)
        let canvas = Canvas(size: TerminalSize(width: 60, height: 10))
        screen.draw(in: canvas, context: RenderContext())
        #expect(canvas.buffer.lines[2].hasPrefix("› My track"), "still on the track: \(canvas.buffer.lines)")
        #expect(canvas.buffer.lines.contains { $0.hasPrefix("Matches: a1.gpx, a2.gpx") }, "\(canvas.buffer.lines)")
        _ = try screen.handle(.tab)
        let next = Canvas(size: TerminalSize(width: 60, height: 10))
        screen.draw(in: next, context: RenderContext())
        #expect(next.buffer.lines[3].hasPrefix("› Pace"), "\(next.buffer.lines)")
    }

    /// In a terminal of 40×10 the form's rows leave no room below them: the message goes over the last rows.
    @Test func theSetupFormsErrorIsVisibleInASmallTerminal() async throws {
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:]),
                                          profile: RunnerProfile(nickname: "ana", weightKg: 65, defaultGoalKm: 5))
        viewModel.mode = .race
        _ = await viewModel.makeRequest()   // no track
        let screen = RunSetupScreen(viewModel: viewModel) { _ in Issue.record("nothing should start") }
        let canvas = Canvas(size: TerminalSize(width: 38, height: 7))  // what a 40×10 app leaves a screen
        screen.draw(in: canvas, context: RenderContext())
        #expect(canvas.buffer.text.contains("choose a GPX track file"), "\(canvas.buffer.text)")
    }

    /// Leaving the goal field shows the goal that will be run.
    @Test func leavingAGoalOfZeroShowsTheDefault() throws {
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:]),
                                          profile: RunnerProfile(nickname: "ana", weightKg: 65, defaultGoalKm: 5))
        let screen = RunSetupScreen(viewModel: viewModel) { _ in Issue.record("nothing should start") }
        _ = try screen.handle(.up)           // the goal
        _ = try screen.handle(.character("0"))
        _ = try screen.handle(.down)
        let canvas = Canvas(size: TerminalSize(width: 60, height: 10))
        screen.draw(in: canvas, context: RenderContext())
        #expect(canvas.buffer.lines[1].contains("5.00"), "\(canvas.buffer.text)")
    }

    /// The dashboard counts 3, 2, 1 on its clock before the run's first second.
    @Test func theDashboardCountsDownBeforeTheRun() async throws {
        let countdown = ManualRunClock(), runClock = ManualRunClock()
        let viewModel = RunDashboardViewModel(request: try raceRequest(speed: 60),
                                              useCase: DefaultRunUseCase(clock: runClock, history: InMemoryRunHistoryRepository()),
                                              clock: countdown)
        await viewModel.run()
        #expect(countdown.sleeps == [1, 1, 1])
        #expect(viewModel.countdown == nil)
        #expect(viewModel.result != nil)
    }

    /// The dashboard draws my route with me on it while the run goes.
    @Test func theDashboardShowsMyPlaceOnTheRoute() async throws {
        var request = try raceRequest(speed: 0)
        request.map = (0...20).map {
            .init(position: .init(latitude: 0, longitude: Double($0) * 0.0009), segment: 1, distanceMeters: Double($0) * 100)
        }
        let viewModel = RunDashboardViewModel(request: request,
                                              useCase: DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository()),
                                              clock: ManualRunClock())
        #expect(viewModel.mapRows(width: 10, height: 2) == ["●⠉⠉⠉⠉⠉⠉⠉⠉⠉"], "at the start")
        await viewModel.run()
        let rows = viewModel.mapRows(width: 10, height: 2)
        #expect(rows.count == 1 && rows[0].contains("●") && rows[0].contains("○"), "\(rows)")
    }
}
