import Foundation
import Testing

/// `strata running` as processes: tracks, runs, imports, and a live race between two `strata` processes
/// sharing one SQLite session file; with Running in strata's process and in a sandboxed helper.
@Suite struct RunningProcessTests {
    static let gpx = BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/Data/gpx").path

    /// The blue_hills sample's clock jumps 111 days mid-track: it once made a 20 km run of 2,667 hours.
    @Test(arguments: Isolation.allCases) func aTrackWhoseClockJumpsDaysIsRefusedNamingThePointAndRecordsStayEmpty(_ isolation: Isolation) throws {
        let sandbox = try Sandbox.feature("running", isolation)
        let run = try sandbox.strata(["running", "run", "--goal", "20", "--track", "\(Self.gpx)/togeojson_blue_hills.gpx", "--speed", "0"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("point 310 starts a <trk> 2664 hours after the one before it"), "\(run.stderr)")
        #expect(run.stderr.contains("--pace"))
        let history = try sandbox.strata(["running", "history", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [Any])?.isEmpty == true)
    }

    /// A same-machine race's sandbox with Running's `settings` (JSON members) as `isolation` says, and the data
    /// folders of its two sides. In strata's process each side has its own and both meet in the
    /// `sessionDirectory` set; a helper reaches only its own data folder, where its session folder is too, so
    /// there both sides share one data folder.
    static func race(_ isolation: Isolation, settings: String) throws -> (sandbox: Sandbox, host: String, mate: String) {
        let sandbox = try Sandbox()
        switch isolation {
        case .none:
            let sessions = sandbox.root.appendingPathComponent("sessions").path
            try sandbox.writeConfig(isolation.config("running", settings: #"{"sessionDirectory": "\#(sessions)", \#(settings)}"#))
            return (sandbox, sandbox.root.appendingPathComponent("host").path, sandbox.root.appendingPathComponent("mate").path)
        case .process:
            try sandbox.writeConfig(isolation.config("running", settings: "{\(settings)}"))
            return (sandbox, sandbox.data.path, sandbox.data.path)
        }
    }

    /// Scripts can tell how a run ended: Ctrl-C exits 130 as for SIGINT, a run the mate cancelled exits 1.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aRunCancelledWithCtrlCExits130AndItsMateExits1(_ isolation: Isolation) throws {
        let (sandbox, hostData, mateData) = try Self.race(isolation, settings: #""inviteTimeoutSeconds": 30"#)
        let track = "\(Self.gpx)/gpxpy_cerknicko-jezero.gpx"  // 4.58 km: at --speed 1, far longer than the test
        let host = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", hostData,
                                                     "running", "host", "--mode", "race", "--goal", "4", "--track", track,
                                                     "--session", "STOP01", "--speed", "1", "--nickname", "ana"])
        // The host prints its join line once it waits for a mate in its session file.
        while host.isRunning && !host.outputSoFar.contains("Join with: ") { usleep(20_000) }  // polling the output
        guard host.isRunning else { Issue.record("the host stopped: \(try host.wait().stderr)"); return }
        let mate = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", mateData,
                                                     "running", "join", "STOP01", "--track", track, "--speed", "1", "--nickname", "kim"])
        // "joined" is printed just before the run starts, whose Ctrl-C handler then marks it as started.
        while mate.isRunning && !(mate.outputSoFar.contains("joined") && mate.catches(SIGINT)) { usleep(20_000) }
        guard mate.isRunning else { Issue.record("the mate stopped: \(try mate.wait().stderr)"); return }

        kill(mate.processIdentifier, SIGINT)

        let mateResult = try mate.wait(), hostResult = try host.wait()
        #expect(mateResult.status == 130, "\(mateResult.stderr)")
        #expect(hostResult.status == 1, "\(hostResult.stderr)")
    }

    /// A host started with `--session-dir` once printed a join line without it, which then looked in the
    /// default folder and failed. The line it prints now works as it is.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func theSameMachineJoinLineWorksAsPrinted(_ isolation: Isolation) async throws {
        let (sandbox, hostData, mateData) = try Self.race(isolation, settings: #""inviteTimeoutSeconds": 60"#)
        // A folder the helper may reach: its own data folder.
        let folder = (isolation == .none ? sandbox.root : sandbox.data.appendingPathComponent("running")).appendingPathComponent("my sessions").path
        let host = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", hostData,
                                                     "running", "host", "--mode", "race", "--goal", "0.08", "--track",
                                                     "\(Self.gpx)/togeojson_run_gpxtpx.gpx", "--session", "DIR01", "--speed", "600",
                                                     "--nickname", "ana", "--session-dir", folder])
        while host.isRunning && !host.outputSoFar.contains("--track FILE") { usleep(20_000) }  // polling the output
        let line = try #require(host.outputSoFar.split(separator: "\n").first { $0.contains("Join with: ") }, "\(host.outputSoFar)")
        let printed = String(line[line.range(of: "Join with: ")!.upperBound...])
        #expect(printed == "strata running join DIR01 --session-dir '\(folder)' --track FILE")
        // Run it as a shell would, with this sandbox's config and a real track for FILE.
        let command = printed.replacingOccurrences(of: "strata running", with: "\(BuildProducts.strata) --config \(sandbox.config.path) --data-dir \(mateData) running")
            .replacingOccurrences(of: "FILE", with: "\(Self.gpx)/togeojson_Friday-Evening-Run.gpx --speed 600 --nickname kim")
        let mate = try run("/bin/sh", ["-c", command])
        let hostResult = try await host.finished()
        #expect(mate.status == 0, "\(mate.stderr)")
        #expect(hostResult.status == 0, "\(hostResult.stderr)")
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func twoProcessesRaceOnOneSessionFile(_ isolation: Isolation) throws {
        let (sandbox, hostData, mateData) = try Self.race(isolation, settings: #""inviteTimeoutSeconds": 30"#)

        let host = Process()
        host.executableURL = URL(fileURLWithPath: BuildProducts.strata)
        host.arguments = ["--config", sandbox.config.path, "--data-dir", hostData,
                          "running", "host", "--mode", "race", "--goal", "0.08", "--track", "\(Self.gpx)/togeojson_run_gpxtpx.gpx",
                          "--session", "RACE01", "--speed", "10", "--nickname", "ana", "--json"]
        host.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let hostOut = Pipe(), hostErr = Pipe()
        host.standardOutput = hostOut
        host.standardError = hostErr
        try host.run()

        // Wait (event-driven, on the host's own output) until it says it is waiting for a mate.
        var announced = ""
        while !announced.contains("session RACE01: waiting") {
            let chunk = hostErr.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced += String(decoding: chunk, as: UTF8.self)
        }
        #expect(announced.contains("session RACE01: waiting"), "host said: \(announced)")

        let join = try strata(["--config", sandbox.config.path, "--data-dir", mateData,
                               "running", "join", "RACE01", "--track", "\(Self.gpx)/togeojson_Friday-Evening-Run.gpx",
                               "--speed", "10", "--nickname", "kim", "--json"])
        let hostJSON = hostOut.fileHandleForReading.readDataToEndOfFile()
        host.waitUntilExit()
        #expect(host.terminationStatus == 0)
        #expect(join.status == 0, "\(join.stderr)")

        let mine = try #require(try JSONSerialization.jsonObject(with: hostJSON) as? [String: Any])
        let mate = try #require(try JSONSerialization.jsonObject(with: Data(join.stdout.utf8)) as? [String: Any])
        #expect(mine["mode"] as? String == "race")
        #expect(mine["finished"] as? Bool == true)
        #expect(mine["isUserWinner"] as? Bool == true)
        #expect(mine["mateNickname"] as? String == "kim")
        #expect(mate["isUserWinner"] as? Bool == false)
        #expect(mine["distanceKm"] as? Double == mate["mateDistanceKm"] as? Double)
        // MateRunner's race: the loser ran on to the goal, after the host got there (both sides agree when).
        let mineSeconds = try #require(mine["elapsedSeconds"] as? Int), mateSeconds = try #require(mate["elapsedSeconds"] as? Int)
        #expect(mate["finished"] as? Bool == true && mateSeconds > mineSeconds)
        let seenFinishing = try #require(mate["mateFinishedSeconds"] as? Int)
        #expect(abs(seenFinishing - mineSeconds) <= 1, "the mate saw the host finish at \(seenFinishing), the host at \(mineSeconds)")
        let mateSeenAt = try #require(mine["mateElapsedSeconds"] as? Int)
        #expect(abs(mateSeenAt - mineSeconds) <= 1, "the host saw the mate last at \(mateSeenAt), as it finished at \(mineSeconds)")

        let history = try strata(["--config", sandbox.config.path, "--data-dir", hostData, "running", "history", "--json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(runs.count == (hostData == mateData ? 2 : 1), "each side's run, in its history")
    }

    /// The figures gpxpy 1.6.2 gives for the same files: `length_2d` 4580.137 m (cerknicko-jezero) and
    /// 14913.748 m (korita-zbevnica); 296 points in 8 `<trkseg>`s, one of them empty.
    /// gpxpy's cerknicko-without-times has a time on 5 of its 296 points: `import` once recorded "4.58 km in
    /// 1:21:52" with no word, and refused `--pace` (exit 2). Now it is refused, or imported at the pace given.
    @Test(arguments: Isolation.allCases) func aPartlyTimedTrackIsImportedOnlyAtAPaceGiven(_ isolation: Isolation) throws {
        let sandbox = try Sandbox.feature("running", isolation)
        let file = "\(Self.gpx)/gpxpy_cerknicko-without-times.gpx"
        let refused = try sandbox.strata(["running", "import", file])
        #expect(refused.status == 1, "refused, asking for --pace, exit 1 as every refusal of a file (#50 item 8): \(refused.stdout)")
        #expect(!refused.stderr.contains("Usage"), "\(refused.stderr)")
        #expect(refused.stderr.contains("a time on only 5 of its 296 points") && refused.stderr.contains("--pace"), "\(refused.stderr)")
        let empty = try sandbox.strata(["running", "history", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any])?.isEmpty == true)

        let paced = try sandbox.strata(["running", "import", file, "--pace", "6:00"])
        #expect(paced.status == 0, "\(paced.stderr)")
        #expect(paced.stdout.contains("at the pace you gave, 06:00/km"), "\(paced.stdout)")
        let history = try sandbox.strata(["running", "history", "--json"])
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        let seconds = try #require((runs.first?["result"] as? [String: Any])?["elapsedSeconds"] as? Int)
        #expect(abs(Double(seconds) - 4.580137 * 360) < 20, "4.58 km at 6:00/km, not the 1:21:52 it once made up: \(seconds) s")
    }

    @Test(arguments: Isolation.allCases) func aTrackIsInspectedWithoutRunningIt(_ isolation: Isolation) throws {
        let sandbox = try Sandbox.feature("running", isolation)
        let json = try sandbox.strata(["running", "track", "\(Self.gpx)/gpxpy_cerknicko-jezero.gpx", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["points"] as? Int == 296 && object["timedPoints"] as? Int == 296)
        #expect(object["segments"] as? Int == 7)
        #expect(abs((object["lengthKm"] as? Double ?? 0) / 4.580137 - 1) < 0.005)
        // Each of its 8 tracks' span, summed (gpxpy's get_duration gives the same 4239 s here; first to last
        // time across the tracks was 7190 s); the climb smoothed as gpxpy's get_uphill_downhill (223.458 m).
        #expect(object["durationSeconds"] as? Double == 4239)
        #expect(object["elevationGainMeters"] as? Double == 223.5)
        #expect(object["warnings"] as? [String] == [])
        #expect((object["bounds"] as? [String: Double])?["south"] == 45.744161373)

        let korita = try sandbox.strata(["running", "track", "\(Self.gpx)/gpxpy_korita-zbevnica.gpx", "--json"])
        let koritaObject = try #require(try JSONSerialization.jsonObject(with: Data(korita.stdout.utf8)) as? [String: Any])
        #expect(abs((koritaObject["lengthKm"] as? Double ?? 0) / 14.913748 - 1) < 0.005)

        let text = try sandbox.strata(["running", "track", "\(Self.gpx)/gpxpy_cerknicko-without-times.gpx"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Points      296 in 7 segments"))
        #expect(text.stdout.contains("Duration    - (5 of 296 points have a time; a duration needs them all)"), "\(text.stdout)")
        #expect(text.stdout.contains("Profile     "))

        let missing = try sandbox.strata(["running", "track", sandbox.root.appendingPathComponent("nope.gpx").path])
        #expect(missing.status == 1 && missing.stderr.contains("nope.gpx"))
        let usage = try sandbox.strata(["running", "track"])
        #expect(usage.status == 2 && usage.stderr.contains("missing FILE"))
    }

    @Test(arguments: Isolation.allCases) func aRunPrintsItsResultAsJSON(_ isolation: Isolation) throws {
        let sandbox = try Sandbox.feature("running", isolation)
        let result = try sandbox.strata(["running", "run", "--goal", "0.5", "--track", "\(Self.gpx)/togeojson_run.gpx", "--speed", "0", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let run = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["mode", "targetKm", "distanceKm", "elapsedSeconds", "calories", "finished", "cancelled"] {
            #expect(run[key] != nil, "missing \(key)")
        }
        #expect(run["distanceKm"] as? Double == 0.5)
        #expect(run["finished"] as? Bool == true)
    }

    @Test(arguments: Isolation.allCases) func aMalformedTrackNamesItsLine(_ isolation: Isolation) throws {
        let sandbox = try Sandbox.feature("running", isolation)
        let result = try sandbox.strata(["running", "run", "--goal", "1", "--track", "\(Self.gpx)/togeojson_bad.gpx", "--speed", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("togeojson_bad.gpx:5"))
    }
}
