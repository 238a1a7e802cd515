import Foundation
import StrataTerminal
import StrataTesting
import Testing
@testable import RunningPlugin

/// Running in the test host: a run on the command line is in the history of the next process, whose app
/// opens on the running menu.
@MainActor
final class RunningPluginTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("running-plugin-\(UUID().uuidString)")
    let track = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Data/gpx/togeojson_run.gpx").standardizedFileURL.path

    deinit { try? FileManager.default.removeItem(at: folder) }

    func running() throws -> PluginTestHost {
        try PluginTestHost(RunningPlugin(), id: "running", dataDirectory: folder)
    }

    @Test func aRunIsInTheHistoryOfTheNextProcess() async throws {
        let run = await (try running()).run("running", "run", "--goal", "0.5", "--track", track, "--speed", "0", "--json")
        #expect(run.code == 0, "\(run.error)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(result["finished"] as? Bool == true)

        let next = try running()
        let history = await next.run("running", "history", "--json")
        #expect(history.code == 0)
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [[String: Any]])
        #expect(runs.count == 1)

        // One page: a page past it is empty and exits 1, so a script paging with --json stops, and the text
        // says so on standard error (it once exited 0).
        #expect(await next.run("running", "history", "--page", "1", "--json").output.contains("\"startedAt\""))
        let past = await next.run("running", "history", "--page", "2", "--json")
        #expect(past.code == 1)
        #expect((try JSONSerialization.jsonObject(with: Data(past.output.utf8)) as? [Any])?.isEmpty == true, "\(past.output)")
        let pastText = await next.run("running", "history", "--page", "2")
        #expect(pastText.code == 1 && pastText.output.isEmpty)
        // A sentence, with its period, as Movies' and Gpt's say it (#50 item 15).
        #expect(pastText.error.contains("no page 2 of the run history: there is 1 page."), "\(pastText.error)")

        let menu = try next.openScreen().render(size: TerminalSize(width: 80, height: 20)).text
        #expect(menu.contains("New run") && menu.contains("History") && menu.contains("Records"))
    }

    /// One rounding for a track's length (it once read "Length 3.10 km" and "adds up to 3.09 km" for one
    /// track); a track too short for the goal breaks a rule: exit 1, no usage line (it was exit 2).
    @Test func aTrackTooShortIsARuleBrokenAndItsLengthReadsTheSameEverywhere() async throws {
        let inspected = await (try running()).run("running", "track", track)
        #expect(inspected.output.contains("Length      3.09 km"), "\(inspected.output)")
        let run = await (try running()).run("running", "run", "--goal", "4", "--track", track, "--speed", "0")
        #expect(run.code == 1)
        #expect(run.error.contains("adds up to 3.09 km, less than the 4.00 km goal"), "\(run.error)")
        #expect(!run.error.contains("Usage"), "\(run.error)")
    }

    /// One rounding for every length: `import` and `history` once said 3.10 km (to the nearest) for the track
    /// `running track` measures as 3.09 km (cut, the most a goal may be).
    @Test func anImportedRunsDistanceReadsAsTheTrackCommandSaysIt() async throws {
        let imported = await (try running()).run("running", "import", track)
        #expect(imported.code == 0, "\(imported.error)")
        #expect(imported.output.contains(": 3.09 km in "), "\(imported.output)")
        let history = await (try running()).run("running", "history")
        #expect(history.output.contains("3.09/3.09 km"), "\(history.output)")
    }

    /// blue_hills holds three hikes on three days, which `running track` times each on its own (11:54:35):
    /// import once said only that the clock "jumps 2664 hours ahead at point 310". It says why track and
    /// import differ, and exits 1 without usage, as every refusal of a file does.
    @Test func anImportOfTracksRecordedApartSaysWhyTrackCanTimeThemAndImportCant() async throws {
        let hikes = URL(fileURLWithPath: track).deletingLastPathComponent().appendingPathComponent("togeojson_blue_hills.gpx").path
        let refused = await (try running()).run("running", "import", hikes)
        #expect(refused.code == 1, "\(refused.error)")
        #expect(refused.error.contains("holds tracks recorded apart: point 310 starts a <trk> 2664 hours after the one before it"), "\(refused.error)")
        #expect(refused.error.contains("`strata running track` times each <trk> on its own"), "\(refused.error)")
        #expect(refused.error.contains("--pace 5:30") && !refused.error.contains("Usage"), "\(refused.error)")
    }

    @Test func aMissingTrackIsAnErrorThatNamesTheFile() async throws {
        let run = await (try running()).run("running", "run", "--goal", "1", "--track", "/nonexistent/run.gpx")
        #expect(run.code == 1)
        #expect(run.error.contains("/nonexistent/run.gpx"))
    }

    /// `running import` records a watch's run at the track's own time; a second import of it is refused.
    @Test func anImportedRunIsInTheHistoryAtItsOwnTime() async throws {
        let imported = await (try running()).run("running", "import", track, "--json")
        #expect(imported.code == 0, "\(imported.error)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(imported.output.utf8)) as? [String: Any])
        #expect(entry["startedAt"] as? String == "2012-10-24T23:29:40Z", "the first point's time, not the clock's")
        let again = await (try running()).run("running", "import", track)
        #expect(again.code == 1)
        #expect(again.error.contains("is already in the history"))
        let history = await (try running()).run("running", "history", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [Any])?.count == 1)
    }

    /// A watch's track that kept the time of few of its points is refused by its clock, and the error says to
    /// give `--pace`; given, the run is imported at that pace (it was refused with exit 2).
    @Test func anImportTakesThePaceItsErrorAsksFor() async throws {
        let untimed = URL(fileURLWithPath: track).deletingLastPathComponent().appendingPathComponent("gpxpy_cerknicko-without-times.gpx").path
        let refused = await (try running()).run("running", "import", untimed)
        // A refusal about the file is exit 1 without a usage line, as the clock's jump is (it was exit 2 with one).
        #expect(refused.code == 1 && refused.error.contains("give a pace, e.g. --pace 5:30"), "\(refused.error)")
        #expect(!refused.error.contains("Usage"), "\(refused.error)")
        let imported = await (try running()).run("running", "import", untimed, "--pace", "6:00")
        #expect(imported.code == 0, "\(imported.error)")
        #expect(imported.output.contains("(at the pace you gave, 06:00/km, not the track's clock)"), "\(imported.output)")
    }

    /// What plugin.json declares is checked before the command runs: a range (`--speed`, `--page`), and the
    /// choices of `--mode`.
    @Test func declaredRangesAndChoicesAreCheckedByTheParser() async throws {
        let fast = await (try running()).run("running", "run", "--track", track, "--speed", "1001")
        #expect(fast.code == 2 && fast.error.contains("--speed takes a number from 0 to 1000, not \"1001\""), "\(fast.error)")
        let page = await (try running()).run("running", "history", "--page", "0")
        #expect(page.code == 2 && page.error.contains("--page takes a whole number of 1 or more, not \"0\""), "\(page.error)")
        let mode = await (try running()).run("running", "host", "--track", track, "--mode", "single")
        #expect(mode.code == 2 && mode.error.contains("--mode takes one of race, team, not \"single\""), "\(mode.error)")
        // `--track ""` is as missing as no --track (RunningCommands.requiredTrack said so before plugin.json did).
        let empty = await (try running()).run("running", "run", "--track", "")
        #expect(empty.code == 2 && empty.error.contains("missing --track FILE"), "\(empty.error)")
        let live = await (try running()).run("running", "join", "ABCD", "--track", track, "--speed", "0")
        #expect(live.code == 2 && live.error.contains("--speed 0 (instant) can't be used with a live mate"), "\(live.error)")
    }

    /// `running join 127.0.0.1:99999 CODE` was refused as `session id "127.0.0.1:99999" is not 4 to 16 letters
    /// and digits`: the port was what was wrong.
    @Test func aJoinAddressWithAPortOutOfRangeIsNamedAsAnAddress() async throws {
        let join = await (try running()).run("running", "join", "127.0.0.1:99999", "ABCDEFGH23456789", "--track", track)
        #expect(join.code == 2, "\(join.error)")
        #expect(join.error.hasPrefix("running: \"127.0.0.1:99999\" is not HOST:PORT with a port from 1 to 65535 (such as 192.168.1.20:7400), nor a session id\n"), "\(join.error)")
    }
}
