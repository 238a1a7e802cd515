import Foundation
@testable import RunningDomain
import RunningTesting
import Testing
import Synchronization

/// A session repository that answers with a scripted connection and records what it was asked; a call the
/// test did not script fails the test.
private final class ScriptedSessions: LiveSessionRepository, @unchecked Sendable {
    private let connection: LiveConnection?
    private let calls = Mutex<[String]>([])

    init(answering connection: LiveConnection? = nil) { self.connection = connection }

    var recorded: [String] { calls.withLock { $0 } }

    func host(_ setting: RunningSetting, id: SessionID, onOpen: @Sendable () -> Void) async throws -> LiveConnection {
        calls.withLock { $0.append("host \(id.value)") }
        onOpen()
        return try answer()
    }

    func join(_ id: SessionID, nickname: String) async throws -> LiveConnection {
        calls.withLock { $0.append("join \(id.value) as \(nickname)") }
        return try answer()
    }

    private func answer() throws -> LiveConnection {
        guard let connection else {
            Issue.record("the session was used though the test gave it no connection")
            throw CancellationError()
        }
        return connection
    }
}

struct LiveRunUseCaseTests {
    let id = SessionID("ABCD")!
    let fiveKm = try! ReplayTimeline(track: .stub(km: 5), pace: nil)

    func setting(_ mode: RunningMode, goal: Double) -> RunningSetting {
        RunningSetting(mode: mode, targetDistanceKm: goal, myNickname: "ana", sessionID: id.value)
    }

    @Test func aHostWhoseTrackCantRaceToTheGoalIsRefusedBeforeASessionOpens() async throws {
        let sessions = ScriptedSessions()
        await #expect(throws: RunRequestProblem.tooShort(trackKm: fiveKm.totalKm, goalKm: 10, mode: .race)) {
            try await DefaultHostLiveRunUseCase(sessions: sessions).execute(setting(.race, goal: 10), id: id,
                                                                          timeline: fiveKm, onOpen: {})
        }
        #expect(sessions.recorded.isEmpty)
    }

    /// In a team the two tracks add up, so a short track may host; the run checks the sum once the mate is known.
    @Test func aTeamHostWithAShortTrackOpensTheSession() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0.01)
        let sessions = ScriptedSessions(answering: LiveConnection(setting: setting(.team, goal: 10), mate: mate))
        let opened = OpenCount()
        let connection = try await DefaultHostLiveRunUseCase(sessions: sessions)
            .execute(setting(.team, goal: 10), id: id, timeline: fiveKm, onOpen: { opened.increment() })
        #expect(connection.setting.mode == .team)
        #expect(sessions.recorded == ["host ABCD"])
        #expect(opened.value == 1)
    }

    @Test func aJoinerWhoseTrackCantRaceToTheHostsGoalTellsTheHostAndIsRefused() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0.01)
        let sessions = ScriptedSessions(answering: LiveConnection(setting: setting(.race, goal: 8), mate: mate))
        await #expect(throws: RunRequestProblem.tooShort(trackKm: fiveKm.totalKm, goalKm: 8, mode: .race)) {
            try await DefaultJoinLiveRunUseCase(sessions: sessions).execute(id, nickname: "kim", timeline: fiveKm)
        }
        #expect(sessions.recorded == ["join ABCD as kim"])
        #expect(mate.publishedProgress.map(\.status) == [.cancelled])
    }

    @Test func aJoinerWhoseTrackReachesTheGoalJoinsWithoutTellingTheHostAnything() async throws {
        let mate = ScriptedMate.running(kmPerSecond: 0.01)
        let sessions = ScriptedSessions(answering: LiveConnection(setting: setting(.race, goal: 5), mate: mate))
        let connection = try await DefaultJoinLiveRunUseCase(sessions: sessions).execute(id, nickname: "kim", timeline: fiveKm)
        #expect(connection.setting.targetDistanceKm == 5)
        #expect(mate.publishedProgress.isEmpty)
    }

    /// The same rule holds for a race against a ghost on this machine: each runner runs to the goal on their own track.
    @Test func aRaceRunChecksMyOwnTrackEvenAgainstALongerGhost() throws {
        let ghost = GhostMate(nickname: "g", timeline: try ReplayTimeline(track: .stub(km: 20), pace: nil))
        let request = RunRequest(setting: setting(.race, goal: 10), timeline: fiveKm, route: RunTrack.stub(km: 5).summary,
                                 mate: ghost, weightKg: 70, speed: 0)
        #expect(throws: RunRequestProblem.tooShort(trackKm: fiveKm.totalKm, goalKm: 10, mode: .race)) { try request.validate() }
    }
}

private final class OpenCount: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
