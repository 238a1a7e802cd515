import Foundation
import Testing
import RunningDomain
import RunningTesting
@testable import RunningPresentation

/// Tracks by file name, for the setup form; an unknown name fails loudly. `paths` are what completion offers.
struct StubTrackRepository: TrackRepository {
    let tracks: [String: RunTrack]
    var paths: [String] = []
    /// What `rememberTracks` kept, shared by copies.
    final class Memory: @unchecked Sendable { var last = LastTracks() }
    var memory = Memory()

    func lastTracks() -> LastTracks { memory.last }
    func rememberTracks(_ tracks: LastTracks) { memory.last = tracks }

    func paths(completing typed: String) -> [String] { paths.filter { $0.hasPrefix(typed) } }

    func track(at url: URL) async throws -> RunTrack {
        guard let track = tracks[url.lastPathComponent] else {
            Issue.record("unexpected track \(url.path)")
            throw CocoaError(.fileNoSuchFile)
        }
        return track
    }

    func statistics(at url: URL) async throws -> TrackStatistics {
        Issue.record("the setup form asked for statistics of \(url.path)")
        throw CocoaError(.fileNoSuchFile)
    }
}

@MainActor
struct RunSetupViewModelTests {
    private let profile = RunnerProfile(nickname: "ana", weightKg: 70, defaultGoalKm: 3)

    private func model(_ tracks: [String: RunTrack] = ["a.gpx": .stub(km: 5), "b.gpx": .stub(km: 4, secondsPerKm: 330)]) -> RunSetupViewModel {
        RunSetupViewModel(tracks: StubTrackRepository(tracks: tracks), profile: profile)
    }

    /// What Esc asks about: what the person typed or chose, not the last run's tracks the form opened with;
    /// and nothing once a run started with it.
    @Test func typedChangesAreTheOnesThePersonMade() async {
        let tracks = StubTrackRepository(tracks: ["a.gpx": .stub(km: 5)])
        tracks.rememberTracks(LastTracks(mine: "/runs/a.gpx", mate: ""))
        let viewModel = RunSetupViewModel(tracks: tracks, profile: profile)
        #expect(viewModel.trackPath == "/runs/a.gpx" && !viewModel.hasTypedChanges)
        viewModel.goalText = "7"
        #expect(viewModel.hasTypedChanges)
        viewModel.goalText = ""
        #expect(!viewModel.hasTypedChanges, "typed back as it was")
        viewModel.cycleSpeed()
        #expect(viewModel.hasTypedChanges)
        viewModel.goalText = "2"
        #expect(await viewModel.makeRequest() != nil)
        #expect(!viewModel.hasTypedChanges, "the run started with them")
    }

    /// The form remembers the last tracks, as absolute paths, and the next form (in a later strata too,
    /// through the repository's file) starts with them.
    @Test func theNextFormStartsWithTheTracksOfTheLastRunStarted() async throws {
        let repository = StubTrackRepository(tracks: ["a.gpx": .stub(km: 5), "b.gpx": .stub(km: 4, secondsPerKm: 330)])
        let first = RunSetupViewModel(tracks: repository, profile: profile)
        #expect(first.trackPath.isEmpty && first.mateTrackPath.isEmpty)
        first.trackPath = "a.gpx"
        first.mode = .race
        first.mateTrackPath = "b.gpx"
        _ = try #require(await first.makeRequest())
        let cwd = FileManager.default.currentDirectoryPath
        #expect(repository.lastTracks() == LastTracks(mine: cwd + "/a.gpx", mate: cwd + "/b.gpx"))
        let next = RunSetupViewModel(tracks: repository, profile: profile)
        #expect(next.trackPath == cwd + "/a.gpx" && next.mateTrackPath == cwd + "/b.gpx")

        let failing = RunSetupViewModel(tracks: repository, profile: profile)
        failing.trackPath = ""
        #expect(await failing.makeRequest() == nil)
        #expect(repository.lastTracks().mine == cwd + "/a.gpx", "a form that didn't start a run changes nothing")
    }

    @Test func anEmptyGoalUsesTheProfilesDefaultAndTheRequestCarriesTheProfile() async throws {
        let viewModel = model()
        viewModel.trackPath = "a.gpx"
        let request = try #require(await viewModel.makeRequest())
        #expect(request.setting == RunningSetting(mode: .single, targetDistanceKm: 3, myNickname: "ana"))
        #expect(request.weightKg == 70)
        #expect(request.speed == 10)
        #expect(request.route.lengthKm == 5)
        #expect(viewModel.errorMessage == nil)
    }

    @Test func raceNeedsAMateTrackAndMakesAGhost() async throws {
        let viewModel = model()
        viewModel.cycleMode()
        #expect(viewModel.mode == .race)
        #expect(viewModel.fields.contains(.mateTrack))
        viewModel.trackPath = "a.gpx"
        #expect(await viewModel.makeRequest() == nil)
        #expect(viewModel.errorMessage == "a race run needs the mate's GPX track")
        viewModel.mateTrackPath = "b.gpx"
        let request = try #require(await viewModel.makeRequest())
        #expect(request.mate?.knownTotalKm == 4)
        #expect(request.setting.mateNickname == "ghost (Stub 4.0 km)")
    }

    @Test func badInputIsExplained() async {
        let viewModel = model()
        viewModel.trackPath = "a.gpx"
        viewModel.goalText = "2.555"
        #expect(await viewModel.makeRequest() == nil)
        #expect(viewModel.errorMessage?.contains("two decimals") == true)
        viewModel.goalText = "12"
        #expect(await viewModel.makeRequest() == nil)
        #expect(viewModel.errorMessage?.contains("less than the 12.00 km goal") == true)
        viewModel.goalText = "2"
        viewModel.paceText = "fast"
        #expect(await viewModel.makeRequest() == nil)
        #expect(viewModel.errorMessage?.contains("pace fast") == true)
    }

    @Test func speedCyclesThroughRealTimeFasterAndInstant() {
        let viewModel = model()
        #expect(viewModel.speedText == "10× faster")
        viewModel.cycleSpeed()
        #expect(viewModel.speedText == "60× faster")
        viewModel.cycleSpeed()
        #expect(viewModel.speedText == "instant")
        viewModel.cycleSpeed()
        #expect(viewModel.speedText == "real time")
        viewModel.cycleSpeed(forward: false)
        #expect(viewModel.speed == 0)
    }

    /// MateRunner: a goal of 0 is the default goal, and the form shows it instead of using it silently.
    @Test func aGoalOfZeroBecomesTheDefaultAndIsShown() async throws {
        let viewModel = model()
        viewModel.goalText = "0"
        #expect(viewModel.settleGoal() == "3.00")
        viewModel.goalText = "4.5"
        #expect(viewModel.settleGoal() == "4.5")
        viewModel.goalText = "0"
        viewModel.trackPath = "a.gpx"
        let request = try #require(await viewModel.makeRequest())
        #expect(request.setting.targetDistanceKm == 3)
        #expect(viewModel.goalText == "3.00")
    }

    /// Tab completes a track's path as far as the candidates agree, then to the one left.
    @Test func tabCompletesAPathAsFarAsItsCandidatesAgree() {
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:], paths: ["runs/", "runs.gpx", "rides/"]),
                                          profile: profile)
        viewModel.trackPath = "ru"
        #expect(viewModel.completePath(in: .track) == "runs")
        #expect(viewModel.trackPath == "runs")
        #expect(viewModel.completePath(in: .track) == nil, "runs/ and runs.gpx part here")
        #expect(viewModel.completions == ["runs/", "runs.gpx"], "listed, as a shell's second Tab lists them")
        viewModel.trackPath = "runs/"
        #expect(viewModel.completePath(in: .track) == nil)
        viewModel.mateTrackPath = "ri"
        #expect(viewModel.completePath(in: .mateTrack) == "rides/")
        #expect(viewModel.trackPath == "runs/")
    }
}

@MainActor
struct RunDashboardViewModelTests {
    /// A replay faster than the screen redraws hands the main actor one update at a time, the newest: the
    /// hops don't queue up ahead of the keys.
    @Test func updatesWaitingForTheScreenAreOneTheNewest() {
        let latest = LatestRunningData()
        let first = RunningData(mode: .single, targetDistanceKm: 5, mine: RealTimeData(elapsedDistanceKm: 0.1, elapsedSeconds: 1))
        let second = RunningData(mode: .single, targetDistanceKm: 5, mine: RealTimeData(elapsedDistanceKm: 0.2, elapsedSeconds: 2))
        #expect(latest.set(first), "the first schedules a hop")
        #expect(!latest.set(second), "the second waits for it")
        #expect(latest.take() == second)
        #expect(latest.take() == nil, "taken once")
        #expect(latest.set(first), "then the next schedules a hop again")
    }

    @Test func theDashboardEndsWithTheResultAndTheLastSecond() async throws {
        let track = RunTrack.stub(km: 5)
        let request = RunRequest(setting: RunningSetting(mode: .single, targetDistanceKm: 0.5, myNickname: "ana"),
                                 timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary,
                                 weightKg: 65, speed: 0)
        let history = InMemoryRunHistoryRepository()
        let viewModel = RunDashboardViewModel(request: request, useCase: DefaultRunUseCase(clock: ManualRunClock(), history: history), clock: ManualRunClock())
        #expect(viewModel.state.timeText == "00:00")
        #expect(viewModel.isRunning)
        await viewModel.run()
        #expect(viewModel.state.timeText == "02:30")
        #expect(viewModel.state.me.progress == 100)
        #expect(viewModel.result?.title == "Goal reached!")
        #expect(!viewModel.isRunning)
        #expect(try await history.allRuns().count == 1)
    }

    @Test func cancellingBeforeTheFirstSecondGivesACancelledResult() async throws {
        let track = RunTrack.stub(km: 5)
        let request = RunRequest(setting: RunningSetting(mode: .single, targetDistanceKm: 5, myNickname: "ana"),
                                 timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary,
                                 weightKg: 65, speed: 1)
        let viewModel = RunDashboardViewModel(request: request, useCase: DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository()), clock: ManualRunClock())
        viewModel.cancel()
        await viewModel.run()
        #expect(viewModel.result?.title == "Run cancelled")
        #expect(viewModel.result?.result.elapsedSeconds == 0)
    }
}
