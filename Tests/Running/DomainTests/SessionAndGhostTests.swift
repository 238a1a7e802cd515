import Testing
import RunningTesting
@testable import RunningDomain

struct SessionAndGhostTests {
    @Test func sessionIDsAreShortCapitalsAndDigits() {
        #expect(SessionID("race42")?.value == "RACE42")
        #expect(SessionID("abc") == nil)
        #expect(SessionID("ABCDEFGHIJKLMNOPQ") == nil)
        #expect(SessionID("AB-12") == nil)
        #expect(SessionID("ÄBCD") == nil)
        var generator = SplitMix(seed: 7)
        let id = SessionID.random(using: &generator)
        #expect(id.value.count == 6)
        #expect(id.value.allSatisfy { SessionID.alphabet.contains($0) })
        #expect(!id.value.contains("0") && !id.value.contains("O") && !id.value.contains("1") && !id.value.contains("I"))
    }

    @Test func aGhostRunsItsTrackOnMyClockThenStands() async throws {
        let ghost = GhostMate(nickname: "ghost", timeline: try ReplayTimeline(track: .stub(km: 1, secondsPerKm: 300), pace: nil))
        #expect(ghost.knownTotalKm == 1)
        let early = try await ghost.read(elapsedSeconds: 150)
        #expect(abs(early.progress.data.elapsedDistanceKm - 0.5) < 1e-9)
        #expect(early.progress.status == .running)
        #expect(early.isConnected)
        let late = try await ghost.read(elapsedSeconds: 400)
        #expect(late.progress.data.elapsedDistanceKm == 1)
        #expect(late.progress.status == .trackEnded)
        #expect(late.progress.data.elapsedSeconds == 400)
    }
}

/// A seeded generator so the random id is the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
