import Foundation
import Testing

/// Joining a live race over TCP: what must not stop the right mate, and what must stop the wrong one; with
/// Running in strata's process and in a sandboxed helper.
extension LiveRaceProcessTests {
    /// Three connections that say nothing, made before the mate arrives, once took the invitation down: the
    /// host heard them one at a time, 5 s each, past its 10 s invitation, and then refused the real mate.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func silentConnectionsBeforeTheMateDontTakeTheInvitationDown(_ isolation: Isolation) async throws {
        try writeSettings(#""inviteTimeoutSeconds": 10, "disconnectAfterSeconds": 10"#, isolation: isolation)
        let (host, endpoint, code) = try await startHost()
        let port = try #require(UInt16(endpoint.split(separator: ":")[1]))
        let silent = try (0..<3).map { _ in try RawLineClient(port: port) }
        let mateResult = try await join(endpoint, code).finished(), hostResult = try await host.finished()
        withExtendedLifetime(silent) {}
        #expect(mateResult.status == 0, "\(mateResult.stderr)")
        #expect(hostResult.status == 0, "\(hostResult.stderr)")
        try expectTheSameRace()
    }

    /// A mate whose track is shorter than the race once connected, then quit, and the host saved a junk
    /// cancelled run without knowing why. Now the join is refused before anything runs, with the reason on
    /// both sides; the host waits on, and races the next mate.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aMateWhoseTrackCantReachTheGoalIsRefusedAndTheHostWaitsOn(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        let (host, endpoint, code) = try await startHost()
        let short = try await join(endpoint, code, track: "\(Self.gpx)/togeojson_Friday-Evening-Run.gpx").finished()
        #expect(short.status == 1)
        #expect(short.stderr.contains("refused to let you join: your track adds up to 0.08 km, less than the 3.00 km goal"), "\(short.stderr)")

        let mateResult = try await join(endpoint, code).finished(), hostResult = try await host.finished()
        #expect(mateResult.status == 0 && hostResult.status == 0, "\(mateResult.stderr)\(hostResult.stderr)")
        #expect(hostResult.stderr.contains("kim's track adds up to 0.08 km, less than the 3.00 km goal"), "\(hostResult.stderr)")
        let history = try strata(["--config", sandbox.config.path, "--data-dir", sandbox.root.appendingPathComponent("host").path,
                                  "running", "history", "--json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(runs.count == 1, "one race, no cancelled run for the refused mate: \(history.stdout)")
        try expectTheSameRace()
    }

    /// A mate that claims the impossible ends the race with no winner on the host, and nothing is saved.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aMateClaimingAnImpossiblePositionEndsTheRaceWithNoWinner(_ isolation: Isolation) async throws {
        try writeSettings(isolation: isolation)
        let (host, endpoint, code) = try await startHost(speed: "1")
        let port = try #require(UInt16(endpoint.split(separator: ":")[1]))
        let liar = try RawLineClient(port: port)
        liar.send(#"{"type":"hello","version":1,"code":"\#(code)","nickname":"liar","trackKm":5}"#)
        #expect(liar.readLine()?.contains("welcome") == true)
        liar.send(#"{"type":"progress","km":1e308,"seconds":1}"#)
        let hostResult = try await host.finished()
        #expect(hostResult.status == 1)
        #expect(hostResult.stderr.contains("the mate sent an impossible position (1e+308 km after 00:01)"), "\(hostResult.stderr)")
        let history = try strata(["--config", sandbox.config.path, "--data-dir", sandbox.root.appendingPathComponent("host").path,
                                  "running", "history", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [Any])?.isEmpty == true)
    }
}
