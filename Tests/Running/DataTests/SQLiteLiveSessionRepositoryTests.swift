import Foundation
import Testing
import RunningDomain
import RunningTesting
import StrataStorage
@testable import RunningData
import Synchronization

/// Two repositories on one folder stand for the two `strata` processes: each opens its own connection.
struct SQLiteLiveSessionRepositoryTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("running-sessions-\(UUID().uuidString)")
    private let clock = ManualRunClock()
    private let id = SessionID("RACE42")!
    private let setting = RunningSetting(mode: .race, targetDistanceKm: 3, myNickname: "ana")

    private func side(inviteTimeout: Double = 1_000_000) -> SQLiteLiveSessionRepository {
        SQLiteLiveSessionRepository(directory: folder, opener: SQLiteDatabaseOpener(), clock: clock,
                                    timing: .init(inviteTimeoutSeconds: inviteTimeout, disconnectAfterSeconds: 5))
    }

    private func meet() async throws -> (host: LiveConnection, mate: LiveConnection) {
        let opened = AsyncStream<Void>.makeStream()
        let hosting = Task { try await side().host(setting, id: id) { opened.continuation.yield() } }
        for await _ in opened.stream { break }
        let mate = try await side().join(id, nickname: "kim")
        return (try await hosting.value, mate)
    }

    @Test func hostAndMateAgreeOnTheHostsModeAndGoal() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (host, mate) = try await meet()
        #expect(host.setting == RunningSetting(mode: .race, targetDistanceKm: 3, myNickname: "ana", mateNickname: "kim", sessionID: "RACE42"))
        #expect(mate.setting == RunningSetting(mode: .race, targetDistanceKm: 3, myNickname: "kim", mateNickname: "ana", sessionID: "RACE42"))
    }

    @Test func eachSideReadsWhatTheOtherWrote() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (host, mate) = try await meet()
        try await host.mate.publish(RunnerProgress(data: RealTimeData(elapsedDistanceKm: 1.25, elapsedSeconds: 400), status: .running))
        try await mate.mate.publish(RunnerProgress(data: RealTimeData(elapsedDistanceKm: 0.9, elapsedSeconds: 399), status: .trackEnded))
        let seenByMate = try await mate.mate.read(elapsedSeconds: 400)
        #expect(seenByMate == MateStatus(nickname: "ana", progress: RunnerProgress(
            data: RealTimeData(elapsedDistanceKm: 1.25, elapsedSeconds: 400), status: .running), isConnected: true))
        let seenByHost = try await host.mate.read(elapsedSeconds: 400)
        #expect(seenByHost.progress.status == .trackEnded)
        #expect(seenByHost.progress.data.elapsedDistanceKm == 0.9)
        #expect(host.mate.knownTotalKm == nil)
    }

    @Test func aSilentMateIsShownAsDisconnected() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (host, mate) = try await meet()
        try await mate.mate.publish(RunnerProgress(data: .start, status: .running))
        clock.advance(by: 5)
        #expect(try await host.mate.read(elapsedSeconds: 5).isConnected)
        clock.advance(by: 0.5)
        #expect(try await host.mate.read(elapsedSeconds: 6).isConnected == false)
        try await mate.mate.publish(RunnerProgress(data: .start, status: .running))
        #expect(try await host.mate.read(elapsedSeconds: 7).isConnected)
    }

    @Test func theInvitationIsCancelledAfterTheTimeout() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = clock.now()
        await #expect(throws: LiveSessionError.inviteTimedOut(id: "RACE42", seconds: 10)) {
            try await side(inviteTimeout: 10).host(setting, id: id) {}
        }
        #expect(abs(clock.now().timeIntervalSince(start) - 10) < 0.3)
        await #expect(throws: LiveSessionError.expired(id: "RACE42")) { try await side().join(id, nickname: "kim") }
    }

    @Test func aSessionTakesOneMateAndMustExist() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await meet()
        await #expect(throws: LiveSessionError.alreadyTaken(id: "RACE42")) { try await side().join(id, nickname: "lee") }
        await #expect(throws: LiveSessionError.notFound(id: "NOPE99", directory: folder.path)) {
            try await side().join(SessionID("NOPE99")!, nickname: "lee")
        }
        await #expect(throws: LiveSessionError.self) { try await side().host(setting, id: id) {} }
    }

    /// A mate whose track can't reach the race's goal is refused before it is written in: the host says why
    /// and waits on for a mate who can (it once started, saw the mate quit and saved a junk cancelled run).
    @Test func aMateTooShortForTheRaceIsRefusedAndTheHostSaysWhyAndWaitsOn() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = Said()
        let opened = AsyncStream<Void>.makeStream()
        let hosting = Task {
            try await SQLiteLiveSessionRepository(directory: folder, opener: SQLiteDatabaseOpener(), clock: clock,
                                                  timing: .init(inviteTimeoutSeconds: 1_000_000), log: { said.add($0) })
                .host(setting, id: id) { opened.continuation.yield() }
        }
        for await _ in opened.stream { break }
        // 2.999 km reads 2.99 km, as `running track` writes every length (it read 3.00, "less than 3.00").
        await #expect(throws: RunRequestProblem.tooShort(trackKm: 2.999, goalKm: 3, mode: .race)) {
            try await side().join(id, nickname: "lee", trackKm: 2.999)
        }
        _ = try await side().join(id, nickname: "kim", trackKm: 5)
        let host = try await hosting.value
        #expect(host.setting.mateNickname == "kim")
        #expect(said.lines == ["lee's track adds up to 2.99 km, less than the 3.00 km goal; still waiting for a mate"])
    }

    @Test func aLiveRunEndsAsCancelledByMateWhenTheMateCancels() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (host, mate) = try await meet()
        try await mate.mate.publish(RunnerProgress(data: RealTimeData(elapsedDistanceKm: 0.2, elapsedSeconds: 60), status: .cancelled))
        let track = RunTrack.stub(km: 5)
        let request = RunRequest(setting: host.setting, timeline: try ReplayTimeline(track: track, pace: nil),
                                 route: track.summary, mate: host.mate, weightKg: 65, speed: 1)
        let result = try await DefaultRunUseCase(clock: clock, history: InMemoryRunHistoryRepository())
            .execute(request, control: RunControl()) { _ in }
        #expect(result.ending == .cancelledByMate)
        #expect(result.elapsedSeconds == 1)
        #expect(result.mate?.distanceKm == 0.2)
    }

    @Test func hostingSweepsSessionFilesUntouchedForADay() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stale = folder.appendingPathComponent("running-OLD1.sqlite"), fresh = folder.appendingPathComponent("running-NEW1.sqlite")
        let other = folder.appendingPathComponent("notes.txt")
        for file in [stale, fresh, other] { try Data("x".utf8).write(to: file) }
        let twoDaysAgo = Date().addingTimeInterval(-2 * 86_400)
        for file in [stale, other] { try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: file.path) }
        await #expect(throws: LiveSessionError.inviteTimedOut(id: "RACE42", seconds: 1)) {
            try await side(inviteTimeout: 1).host(setting, id: id) {}
        }
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
    }
}

/// What a repository logged, kept across threads.
final class Said: Sendable {
    private let said = Mutex<[String]>([])

    func add(_ line: String) { said.withLock { $0.append(line) } }
    var lines: [String] { said.withLock { $0 } }
}
