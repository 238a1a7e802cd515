import Foundation
import RunningTesting
import Testing
@testable import RunningDomain

/// A live mate is another process, perhaps another machine: it is believed only where a runner can be.
struct MateClaimTests {
    static func at(_ km: Double, _ seconds: Int, _ status: RunnerStatus = .running) -> RunnerProgress {
        RunnerProgress(data: RealTimeData(elapsedDistanceKm: km, elapsedSeconds: seconds), status: status)
    }

    @Test func placesNoRunnerCanBeAreImpossible() {
        for claim in [Self.at(-0.1, 60), Self.at(.nan, 60), Self.at(.infinity, 60), Self.at(1e308, 60), Self.at(30, 600),
                      Self.at(1, -5), Self.at(0, 600, .finished)] {
            #expect(!MateClaim.isPossible(claim, mode: .race, goalKm: 5), "\(claim)")
        }
        #expect(MateClaim.isPossible(Self.at(2, 600), mode: .race, goalKm: 5), "5:00/km")
        #expect(MateClaim.isPossible(Self.at(0.3, 1), mode: .race, goalKm: 5), "a watch's jump")
        #expect(MateClaim.isPossible(Self.at(5, 1500, .finished), mode: .race, goalKm: 5))
        #expect(MateClaim.isPossible(Self.at(2, 1500, .finished), mode: .team, goalKm: 5), "a team finishes together")
    }

    /// A mate once could claim 1e308 km and win with it.
    @Test func aRaceWithAMateClaimingTheImpossibleEndsWithNoWinnerAndNothingSaved() async throws {
        let mate = ScriptedMate { second in
            MateStatus(nickname: "kim", progress: Self.at(second >= 3 ? 1e308 : 0, second))
        }
        let history = InMemoryRunHistoryRepository()
        let track = RunTrack.stub(km: 5)
        let request = RunRequest(setting: RunningSetting(mode: .race, targetDistanceKm: 5, myNickname: "ana", mateNickname: "kim"),
                                 timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary, mate: mate,
                                 weightKg: 60, speed: 0)
        await #expect(throws: LiveSessionError.impossiblePosition(km: 1e308, seconds: 3)) {
            try await DefaultRunUseCase(clock: ManualRunClock(), history: history).execute(request, control: RunControl()) { _ in }
        }
        #expect(try await history.allRuns().isEmpty)
        #expect(mate.publishedProgress.last?.status == .cancelled, "the mate is told the run is over")
    }
}
