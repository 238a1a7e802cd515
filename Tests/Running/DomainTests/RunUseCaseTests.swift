import Foundation
import Testing
import RunningTesting
@testable import RunningDomain
import Synchronization

struct RunUseCaseTests {
    private let clock = ManualRunClock()
    private let history = InMemoryRunHistoryRepository()

    private func request(_ mode: RunningMode, goal: Double, track: RunTrack = .stub(km: 5, secondsPerKm: 300),
                         mate: (any MateFeed)? = nil, speed: Double = 0) throws -> RunRequest {
        RunRequest(setting: RunningSetting(mode: mode, targetDistanceKm: goal, myNickname: "me", mateNickname: "kim"),
                   timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary,
                   mate: mate, weightKg: 65, speed: speed)
    }

    private func run(_ request: RunRequest, control: RunControl = RunControl()) async throws -> RunningResult {
        try await DefaultRunUseCase(clock: clock, history: history).execute(request, control: control) { _ in }
    }

    @Test func singleRunFinishesAtTheGoalAndIsSaved() async throws {
        // 300 s/km = 12 km/h: running, 10 METs, for 600 s.
        let result = try await run(request(.single, goal: 2))
        #expect(result.ending == .finished)
        #expect(result.elapsedSeconds == 600)
        #expect(abs(result.distanceKm - 2) < 1e-9)
        #expect(abs(result.calories - 600 * 1.08 * 10 * 65 / 3600) < 1e-6)
        let saved = try await history.allRuns()
        #expect(saved.count == 1)
        #expect(saved.first?.result == result)
        #expect(saved.first?.startedAt == clock.now())
        #expect(saved.first?.route.lengthKm == 5)
    }

    @Test func realTimeReplaySleepsOneSecondPerRunSecondAndSpeedDividesIt() async throws {
        _ = try await run(request(.single, goal: 0.1, speed: 1))
        #expect(clock.sleeps == Array(repeating: 1.0, count: 30))
        let fast = ManualRunClock()
        _ = try await DefaultRunUseCase(clock: fast, history: history)
            .execute(request(.single, goal: 0.1, speed: 10), control: RunControl()) { _ in }
        #expect(fast.sleeps == Array(repeating: 0.1, count: 30))
        #expect(abs(fast.now().timeIntervalSince(ManualRunClock().now()) - 3) < 1e-3)
    }

    /// A live mate one step behind: each read moves them one second on, so I must wait for each second.
    final class LaggingMate: MateFeed, Sendable {
        private let reached = Mutex(0)
        private let sent = Mutex<[RunnerProgress]>([])
        var published: [RunnerProgress] { sent.withLock { $0 } }
        var knownTotalKm: Double? { nil }

        func read(elapsedSeconds: Int) async throws -> MateStatus {
            let second = reached.withLock { reached -> Int in
                defer { reached += 1 }
                return min(reached, elapsedSeconds)
            }
            return MateStatus(nickname: "kim", progress: RunnerProgress(
                data: RealTimeData(elapsedDistanceKm: Double(second) / 240, elapsedSeconds: second), status: .running))
        }

        func publish(_ progress: RunnerProgress) async throws { sent.withLock { $0.append(progress) } }
    }

    /// Lockstep: I tell the mate where I am at each second before I wait for them to get there, and judge
    /// the second only on where they are at it, so both sides of a live race record the same race.
    @Test func aLiveMateIsAwaitedAtEverySecondSoBothSidesJudgeTheSamePositions() async throws {
        let mate = LaggingMate()
        let result = try await run(request(.race, goal: 1, mate: mate))
        // kim runs 240 s/km: at the goal at second 240. I (300 s/km) see it at 240, not a second later.
        #expect(result.mate?.finishedAtSeconds == 240)
        #expect(result.elapsedSeconds == 300 && result.ending == .finished)
        #expect(clock.sleeps.allSatisfy { $0 == 0.002 } && !clock.sleeps.isEmpty, "waiting for the mate naps briefly")
        // Where I am at each second goes out before I wait for the mate (otherwise both sides would wait).
        let seconds = mate.published.map(\.data.elapsedSeconds)
        #expect(Array(seconds.prefix(3)) == [0, 1, 2] && seconds.last == 300)
        #expect(mate.published.last?.status == .finished)
    }

    @Test func cancellingWhileWaitingForTheMateEndsTheRun() async throws {
        let control = RunControl()
        let stuck = ScriptedMate { _ in
            control.cancel()
            return MateStatus(nickname: "kim", progress: RunnerProgress(data: .start, status: .running))
        }
        let result = try await run(request(.race, goal: 1, mate: stuck), control: control)
        #expect(result.ending == .cancelled && result.elapsedSeconds == 0)
    }

    @Test func updatesArriveEverySecondWithGrowingDistance() async throws {
        let seen = Collected()
        _ = try await DefaultRunUseCase(clock: clock, history: history)
            .execute(request(.single, goal: 0.05), control: RunControl()) { seen.add($0) }
        let updates = seen.values
        #expect(updates.map(\.mine.elapsedSeconds) == Array(1...15))
        #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.mine.elapsedDistanceKm < $1.mine.elapsedDistanceKm })
    }

    /// MateRunner's race: the faster ghost is at the goal after 240 s; I run on to mine (300 s) and lose.
    @Test func raceAgainstAFasterGhostIsLostAfterRunningOnToTheGoal() async throws {
        let ghost = GhostMate(nickname: "ghost", timeline: try ReplayTimeline(track: .stub(km: 5, secondsPerKm: 240), pace: nil))
        let result = try await run(request(.race, goal: 1, mate: ghost))
        #expect(result.ending == .finished)
        #expect(result.elapsedSeconds == 300)
        #expect(result.distanceKm == 1)
        #expect(result.isUserWinner == false)
        #expect(result.mate?.distanceKm == 1)
        #expect(result.mate?.finishedAtSeconds == 240)
        #expect(result.mate?.nickname == "ghost")
        // Told as it was when the ghost got there (it once read "0.00 km behind", measured at my own finish).
        let behind = try #require(result.behind)
        #expect(abs(behind.km - 0.2) < 1e-9)
        #expect(behind.seconds == 60)
    }

    @Test func raceAgainstASlowerGhostIsWon() async throws {
        let ghost = GhostMate(nickname: "ghost", timeline: try ReplayTimeline(track: .stub(km: 5, secondsPerKm: 400), pace: nil))
        let result = try await run(request(.race, goal: 1, mate: ghost))
        #expect(result.isUserWinner == true)
        #expect(result.elapsedSeconds == 300)
        #expect(abs(result.mate!.distanceKm - 0.75) < 1e-9)
    }

    @Test func teamFinishesWhenTheDistancesAddUp() async throws {
        let ghost = GhostMate(nickname: "ghost", timeline: try ReplayTimeline(track: .stub(km: 5, secondsPerKm: 200), pace: nil))
        let result = try await run(request(.team, goal: 2.5, mate: ghost))
        // 1/300 + 1/200 km per second = 1/120: 2.5 km after 300 s, 1.0 km mine and 1.5 km the ghost's.
        #expect(result.ending == .finished)
        #expect(result.elapsedSeconds == 300)
        #expect(abs(result.contribution! - 0.4) < 1e-9)
        #expect(abs(result.teamTotalKm! - 2.5) < 1e-9)
    }

    @Test func cancellingStopsTheRunAndTellsTheMate() async throws {
        let control = RunControl()
        let mate = ScriptedMate.running(kmPerSecond: 0.001)
        let seen = Collected()
        let result = try await DefaultRunUseCase(clock: clock, history: history)
            .execute(request(.race, goal: 5, mate: mate), control: control) { data in
                seen.add(data)
                if data.mine.elapsedSeconds == 42 { control.cancel() }
            }
        #expect(result.ending == .cancelled)
        #expect(result.elapsedSeconds == 42)
        #expect(result.isCancelled)
        #expect(mate.publishedProgress.last?.status == .cancelled)
        #expect(mate.publishedProgress.first == RunnerProgress(data: .start, status: .running))
        #expect(try await history.allRuns().first?.result.ending == .cancelled)
    }

    @Test func theMateCancellingEndsMyRunAsCancelledByMate() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0.001, status: { $0 >= 10 ? .cancelled : .running })
        let result = try await run(request(.team, goal: 5, mate: mate))
        #expect(result.ending == .cancelledByMate)
        #expect(result.elapsedSeconds == 10)
        #expect(result.isCancelled)
    }

    /// The mate finishing first doesn't end my race: I run on to the goal, and lose; a mate who finished and
    /// then falls silent is done, not lost. (A finish short of the goal is impossible: `MateClaimTests`.)
    @Test func theMateFinishingFirstLetsMeRunOnAndLose() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0.004, status: { $0 >= 1250 ? .finished : .running },
                                        connected: { $0 < 1260 })
        let result = try await run(request(.race, goal: 5, mate: mate))
        #expect(result.ending == .finished)
        #expect(result.elapsedSeconds == 1500)
        #expect(result.mate?.finishedAtSeconds == 1250)
        #expect(result.mate?.lost == false)
        #expect(result.isUserWinner == false)
    }

    /// The loser may stop instead of running on: the race is then cancelled, and still lost.
    @Test func theLoserMayCancelAfterTheMateFinished() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0.01, status: { $0 >= 500 ? .finished : .running })
        let control = RunControl()
        let result = try await DefaultRunUseCase(clock: clock, history: history)
            .execute(request(.race, goal: 5, mate: mate), control: control) { data in
                if data.mine.elapsedSeconds == 600 { control.cancel() }
            }
        #expect(result.ending == .cancelled)
        #expect(result.mate?.finishedAtSeconds == 500)
        #expect(result.isUserWinner == false)
    }

    /// Old saved races have no finish second for the mate: the one further along won.
    @Test func aRaceSavedBeforeEachRanToTheirOwnGoalKeepsItsWinner() {
        let won = RunningResult(mode: .race, targetDistanceKm: 5, distanceKm: 5, elapsedSeconds: 1500, calories: 0,
                                ending: .finished, myNickname: "ana", mate: MateResult(nickname: "kim", distanceKm: 4.2, elapsedSeconds: 1500))
        var lost = won
        lost.distanceKm = 4.2
        lost.mate = MateResult(nickname: "kim", distanceKm: 5, elapsedSeconds: 1300)
        #expect(won.isUserWinner == true)
        #expect(lost.isUserWinner == false)
    }

    @Test func iPublishFinishedWhenIReachTheGoal() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0)
        _ = try await run(request(.race, goal: 0.1, mate: mate))
        #expect(mate.publishedProgress.last?.status == .finished)
        #expect(mate.publishedProgress.dropLast().allSatisfy { $0.status == .running })
    }

    @Test func aLiveTeamRunEndsWhenMyTrackRunsOutAndTheMateIsGone() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0, connected: { $0 < 5 })
        let result = try await run(request(.team, goal: 5, track: .stub(km: 0.1), mate: mate))
        #expect(result.ending == .trackEnded)
        #expect(result.elapsedSeconds == 30)
        #expect(!result.isFinished && !result.isCancelled)
    }

    @Test func aTrackShorterThanTheGoalIsRefusedUpFront() async throws {
        await #expect(throws: RunRequestProblem.tooShort(trackKm: 5, goalKm: 10, mode: .single)) {
            try await run(request(.single, goal: 10))
        }
        let ghost = GhostMate(nickname: "g", timeline: try ReplayTimeline(track: .stub(km: 2), pace: nil))
        await #expect(throws: RunRequestProblem.tooShort(trackKm: 7, goalKm: 8, mode: .team)) {
            try await run(request(.team, goal: 8, mate: ghost))
        }
        await #expect(throws: RunRequestProblem.mateMissing(.race)) { try await run(request(.race, goal: 1)) }
        #expect(try await history.allRuns().isEmpty)
    }

    /// The refusal's "at most" (the track's length rounded down to 0.01 km, as `RunningErrorText` words it)
    /// is a goal the run then accepts: a 3.099 km track offers 3.09, not 3.10.
    @Test func theMostATooShortTrackOffersIsAGoalItAccepts() async throws {
        let track = RunTrack.stub(km: 3.099, stepMeters: 3.099 * 1000 / 30)
        let timeline = try ReplayTimeline(track: track, pace: nil)
        #expect(timeline.totalKm > 3.09 && timeline.totalKm < 3.1, "\(timeline.totalKm)")
        var trackKm = 0.0
        do {
            _ = try await run(request(.single, goal: 5, track: track))
        } catch RunRequestProblem.tooShort(let km, let goal, .single) {
            #expect(goal == 5)
            trackKm = km
        }
        let offered = (trackKm * 100).rounded(.down) / 100
        #expect(offered == 3.09)
        let result = try await run(request(.single, goal: offered, track: track))
        #expect(result.isFinished)
    }
}

final class Collected: Sendable {
    private let items = Mutex<[RunningData]>([])
    func add(_ data: RunningData) { items.withLock { $0.append(data) } }
    var values: [RunningData] { items.withLock { $0 } }
}

/// The result carries each kilometre's time and the metres climbed over the distance run.
struct SplitsAndClimbTests {
    @Test func eachWholeKilometresTimeIsKept() async throws {
        let track = RunTrack.stub(km: 3, secondsPerKm: 300)
        let request = RunRequest(setting: RunningSetting(mode: .single, targetDistanceKm: 2.5, myNickname: "ana"),
                                 timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary, weightKg: 65, speed: 0)
        let result = try await DefaultRunUseCase(clock: ManualRunClock(), history: InMemoryRunHistoryRepository())
            .execute(request, control: RunControl()) { _ in }
        #expect(result.kilometreSeconds == [300, 600])
        #expect(result.splitSeconds == [300, 300])
        #expect(result.elevationGainMeters == nil, "the stub track has no elevations")
    }

    @Test func theClimbCountsOnlyTheDistanceRun() throws {
        let elevations: [Double] = [100, 110, 105, 120, 90, 200]  // a point every 100 m
        let samples = elevations.enumerated().map {
            TrackSample(distanceMeters: Double($0.offset) * 100, time: Date(timeIntervalSince1970: Double($0.offset) * 30),
                        elevation: $0.element)
        }
        let timeline = try ReplayTimeline(track: RunTrack(name: nil, fileName: "hill.gpx", segments: [samples]), pace: nil)
        // Smoothed as gpxpy smooths (100, 105.5, 111, 106.5, 132, 200); the last point reached counts as it is.
        #expect(timeline.elevationGain(toKm: 0.3) == 20)   // +10, +15 (the 5 m down doesn't count)
        #expect(timeline.elevationGain(toKm: 0.5) == 104.5)  // and +110 at the end
    }
}
