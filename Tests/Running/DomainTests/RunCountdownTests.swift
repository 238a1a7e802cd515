import Foundation
@testable import RunningDomain
import RunningTesting
import Testing

/// MateRunner counts 3, 2, 1 before a run; an instant replay starts at once.
struct RunCountdownTests {
    func request(speed: Double) throws -> RunRequest {
        let track = RunTrack.stub(km: 1)
        return RunRequest(setting: RunningSetting(mode: .single, targetDistanceKm: 1, myNickname: "ana"),
                          timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary, weightKg: 65, speed: speed)
    }

    @Test func threeTwoOneASecondApart() async throws {
        let clock = ManualRunClock()
        var shown: [Int] = []
        try await RunCountdown.count(for: try request(speed: 10), on: clock) { shown.append($0) }
        #expect(shown == [3, 2, 1])
        #expect(clock.sleeps == [1, 1, 1])
    }

    @Test func anInstantReplayHasNone() async throws {
        let clock = ManualRunClock()
        var shown: [Int] = []
        try await RunCountdown.count(for: try request(speed: 0), on: clock) { shown.append($0) }
        #expect(shown.isEmpty && clock.sleeps.isEmpty)
    }
}
