import Foundation
import Testing

/// Blocks state survives the process: what one `strata` writes, the next one reads. Each flow runs with
/// Blocks in strata's process and in a sandboxed helper (`"isolation": "process"`).
@Suite struct BlocksProcessTests {
    static func sandbox(_ isolation: Isolation) throws -> Sandbox { try .feature("blocks", isolation, alone: true) }

    @Test(arguments: Isolation.allCases) func aBlockAddedInOneProcessIsListedByTheNext(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        let add = try sandbox.strata(["blocks", "add", "Deep work", "--hours", "4"])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try sandbox.strata(["blocks", "list", "--json"])
        #expect(list.status == 0)
        let blocks = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(blocks.count == 1)
        #expect(blocks.first?["title"] as? String == "Deep work")
        #expect((blocks.first?["id"] as? String).flatMap(UUID.init(uuidString:)) != nil)
    }

    /// `strata clock --watch`, once its output shows `text` (or it ended, or a minute passed).
    func launchWatch(until text: String, in sandbox: Sandbox) throws -> LaunchedProcess {
        let watch = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path,
                                                      "clock", "--watch"])
        let deadline = Date().addingTimeInterval(60)
        while !watch.outputSoFar.contains(text), watch.isRunning, Date() < deadline {
            usleep(20_000)  // polling the output
        }
        return watch
    }

    /// `clock --watch` follows the clock until Ctrl-C; piped, it writes a line each time the phase changes.
    @Test(arguments: Isolation.allCases) func clockWatchWritesALineForEachNewRound(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        #expect(try sandbox.strata(["timer", "add", "Tea", "--duration", "4s", "--now"]).status == 0)
        let watch = try launchWatch(until: "Round 2", in: sandbox)
        kill(watch.processIdentifier, SIGINT)
        let result = try watch.wait()
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one line per phase, not per second: \(result.stdout)\(result.stderr)")
        #expect(lines.first?.hasPrefix("Timer \"Tea\" · Round 1 · 0:00:0") == true)
        #expect(lines.last?.hasPrefix("Timer \"Tea\" · Round 2 · 0:00:0") == true)
        #expect(!result.stdout.contains("\u{07}"), "no bell into a pipe")
        #expect(result.status == 130 && result.stderr.isEmpty, "Ctrl-C ends it quietly: \(result.status) \(result.stderr)")
        #expect(try sandbox.strata(["clock", "--watch", "--json"]).status == 2)
    }

    /// SIGTERM stops `clock --watch` as Ctrl-C does, with no error line; the host exits 128 + 15 for it.
    @Test(arguments: Isolation.allCases) func clockWatchEndsQuietlyOnSIGTERM(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        let watch = try launchWatch(until: "Nothing", in: sandbox)
        kill(watch.processIdentifier, SIGTERM)
        let result = try watch.wait()
        #expect(result.status == 143 && !result.signalled, "\(result.status)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Tempus edits a timer with the rules it was created with (a 0-second duration becomes 1 minute).
    @Test(arguments: Isolation.allCases) func aTimerIsShownAndEditedWithTheValidationOfAdding(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        #expect(try sandbox.strata(["timer", "add", "Tea", "--duration", "3m"]).status == 0)
        let show = try sandbox.strata(["timer", "show", "Tea"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("3m, repeating"))

        let edit = try sandbox.strata(["timer", "edit", "Tea", "--title", "Green tea", "--duration", "0s"])
        #expect(edit.status == 0, "\(edit.stderr)")
        let json = try sandbox.strata(["timer", "show", "Green tea", "--json"])
        let timer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(timer["title"] as? String == "Green tea")
        #expect(timer["durationSeconds"] as? Int == 60)

        let nothing = try sandbox.strata(["timer", "edit", "Green tea"])
        #expect(nothing.status == 2 && nothing.stderr.contains("nothing to change"))
        let badDuration = try sandbox.strata(["timer", "edit", "Green tea", "--duration", "soon"])
        #expect(badDuration.status == 2, "\(badDuration.stderr)")
        let missing = try sandbox.strata(["timer", "show", "Coffee"])
        #expect(missing.status != 0 && missing.stderr.contains("Coffee"), "\(missing.stderr)")
    }

    @Test(arguments: Isolation.allCases) func aStartedBlockIsShownByTheClockOfALaterProcess(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        #expect(try sandbox.strata(["blocks", "add", "Deep work", "--hours", "4"]).status == 0)
        let start = try sandbox.strata(["blocks", "start", "Deep work"])
        #expect(start.status == 0, "\(start.stderr)")
        let clock = try sandbox.strata(["clock", "--json"])
        #expect(clock.status == 0, "\(clock.stderr)")
        let state = try #require(try JSONSerialization.jsonObject(with: Data(clock.stdout.utf8)) as? [String: Any])
        #expect(state["mode"] as? String == "block")
        #expect(state["title"] as? String == "Deep work")
        #expect(state["phase"] as? String == "focus")
        let remaining = try #require(state["remainingSeconds"] as? Int)
        #expect((1...14_400).contains(remaining))

        #expect(try sandbox.strata(["clock", "stop"]).status == 0)
        let stopped = try #require(try JSONSerialization.jsonObject(with: Data(try sandbox.strata(["clock", "--json"]).stdout.utf8)) as? [String: Any])
        #expect(stopped["running"] as? Bool == false)
    }

    /// A damaged data file is named, with what to do; no SQL, no SQLite's or the container's words.
    @Test(arguments: Isolation.allCases) func aCorruptDatabaseNamesTheFileAndSaysToMoveItAside(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        let file = sandbox.data.appendingPathComponent("blocks/blocks.sqlite")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: file)
        for command in [["blocks", "list"], ["timer", "add", "Tea", "--duration", "3m"], ["clock"]] {
            let result = try sandbox.strata(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("blocks: \(file.path) is damaged or is not a Strata database. Move it aside (mv \(file.path) "),
                    "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("factory"), "\(result.stderr)")
        }
    }

    @Test(arguments: Isolation.allCases) func anEmptyTitleIsRefusedWithoutCrashing(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        let result = try sandbox.strata(["blocks", "add", "", "--hours", "4"])
        #expect(!result.signalled)
        #expect(result.status == 1 || result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    /// Blocks links FoundationEssentials alone and opens the zone database (ICU) on the clock's first need,
    /// so `blocks list` maps no ICU, and the clock still keeps wall-clock time in the system's zone (`TZ`) or
    /// the configured one. A 4-hour block ends on a multiple of 4 hours after local midnight: on the hour in
    /// UTC, at half past in India (UTC+5:30).
    @Test(arguments: Isolation.allCases) func theClockKeepsLocalTimeWithTheZoneDatabaseOpenedOnlyWhenNeeded(_ isolation: Isolation) throws {
        let sandbox = try Self.sandbox(isolation)
        let ldd = try run("/usr/bin/ldd", [BuildProducts.directory.appendingPathComponent("libBlocksPlugin.so").path])
        #expect(ldd.status == 0 && ldd.stdout.contains("libFoundationEssentials.so"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains("ICU") && !ldd.stdout.contains("Internationalization"), "\(ldd.stdout)")

        #expect(try sandbox.strata(["blocks", "add", "Deep work", "--hours", "4"]).status == 0)
        #expect(try sandbox.strata(["blocks", "start", "Deep work"]).status == 0)
        func endsAt(_ environment: [String: String]) throws -> String {
            let clock = try sandbox.strata(["clock", "--json"], environment: environment)
            #expect(clock.status == 0, "\(clock.stderr)")
            let state = try JSONSerialization.jsonObject(with: Data(clock.stdout.utf8)) as? [String: Any]
            return try #require(state?["phaseEndsAt"] as? String)
        }
        #expect(try endsAt(["TZ": "UTC"]).hasSuffix(":00:00Z"))
        #expect(try endsAt(["TZ": "Asia/Kolkata"]).hasSuffix(":30:00Z"))

        try sandbox.writeConfig(isolation.config("blocks", settings: #"{"timeZone": "Asia/Kolkata"}"#, alone: true))
        #expect(try endsAt(["TZ": "UTC"]).hasSuffix(":30:00Z"))

        try sandbox.writeConfig(isolation.config("blocks", settings: #"{"timeZone": "Mars/Olympus"}"#, alone: true))
        // Refused before Blocks loads, as every setting its declaration refuses (plugin.json: "format": "timeZone").
        let unknown = try sandbox.strata(["clock"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains(#"`features.blocks.settings.timeZone`: "Mars/Olympus" is not a time zone; use an IANA name"#),
                "the setting and what it takes, with no container words: \(unknown.stderr)")
        #expect(!unknown.stderr.contains("factory") && !unknown.stderr.contains("registered"), "\(unknown.stderr)")
    }
}
