import Foundation
import StrataBase
import StrataPluginKit
import StrataRuntime
import StrataTesting
import Testing
@testable import BlocksPlugin

/// The next `strata` process over the same data folder: Blocks in a fresh `PluginTestHost`.
func blocks(_ folder: URL, _ clock: ManualWallClock, timeZone: String = "Europe/Berlin") throws -> PluginTestHost {
    try PluginTestHost(BlocksPlugin(), id: "blocks", settings: #"{"timeZone": "\#(timeZone)"}"#, dataDirectory: folder, clock: clock)
}

func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// Each test host is a separate "process": a new container and plugin over the same data folder.
final class BlocksPluginCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-plugin-\(UUID().uuidString)")
    let clock = ManualWallClock(start: Timestamp(secondsSince1970: ISO8601DateFormatter().date(from: "2026-03-29T01:30:00+01:00")!.timeIntervalSince1970))

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func registersEveryCommandOfTheIssue() throws {
        let paths = try blocks(folder, clock).commandPaths
        for expected in ["blocks list", "blocks add", "blocks show", "blocks edit", "blocks delete", "blocks start",
                         "daily list", "daily add", "daily show", "daily edit", "daily delete", "daily start",
                         "timer list", "timer add", "timer delete", "timer start", "clock", "clock stop"] {
            #expect(paths.contains(expected), "missing \(expected)")
        }
    }

    /// A title is kept as the terminal showed it: an escape sequence the shell let through is dropped and a
    /// line break becomes a space, so a title of nothing but controls is blank (refused) and lists stay aligned.
    @Test func aTitleIsKeptWithoutItsControlsAndListsStayAligned() async throws {
        let host = try blocks(folder, clock)
        let blank = await host.run("blocks", "add", "\u{1B}]0;pwned\u{07}", "--hours", "6")
        #expect(blank.code != 0, "a title of nothing but an escape sequence is blank")
        #expect(await host.run("blocks", "add", "Deep\u{1B}[2J work\nlate", "--hours", "4").code == 0)
        #expect(await host.run("blocks", "add", "Reading", "--hours", "6").code == 0)

        let listed = await host.run("blocks", "list")
        let lines = listed.output.split(separator: "\n")
        #expect(lines.count == 3, "\(listed.output)")
        #expect(lines.contains { $0.contains("Deep work late  4 h") }, "\(listed.output)")
        #expect(lines.contains { $0.contains("Reading         6 h") }, "\(listed.output)")
    }

    /// Tempus's rule makes a duration of 0 a minute; the command says so rather than saving it silently.
    @Test func aZeroDurationIsSavedAsAMinuteAndSaysSo() async throws {
        let added = try await blocks(folder, clock).run("timer", "add", "Tea", "--duration", "0s")
        #expect(added.code == 0, "\(added.error)")
        #expect(added.output.contains("A duration of 0 became 1 minute, the shortest there is."), "\(added.output)")
        let daily = try await blocks(folder, clock).run("daily", "add", "Study", "--start", "09:00", "--focus", "25m", "--break", "0m")
        #expect(daily.output.contains("A break of 0 became 1 minute") && !daily.output.contains("A focus of 0"), "\(daily.output)")
    }

    @Test func aBlockAddedInOneProcessIsListedInTheNext() async throws {
        let added = try await blocks(folder, clock).run("blocks", "add", "Deep work", "--hours", "4")
        #expect(added.code == 0)
        let listed = try await blocks(folder, clock).run("blocks", "list", "--json")
        #expect(listed.code == 0)
        let array = try #require(try jsonObject(listed.output) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?["title"] as? String == "Deep work")
        #expect((array.first?["id"] as? String).flatMap(UUID.init(uuidString:)) != nil)
    }

    @Test func aStartedBlockIsShownByTheClockOfALaterProcessOnTheDSTDay() async throws {
        _ = try await blocks(folder, clock).run("blocks", "add", "Deep work", "--hours", "4")
        let started = try await blocks(folder, clock).run("blocks", "start", "Deep work")
        #expect(started.code == 0)
        clock.advance(by: 600)
        let shown = try await blocks(folder, clock).run("clock", "--json")
        let object = try #require(try jsonObject(shown.output) as? [String: Any])
        #expect(object["mode"] as? String == "block")
        #expect(object["title"] as? String == "Deep work")
        #expect(object["phase"] as? String == "focus")
        // 01:40 CET to 04:00 CEST: 1 h 20 min on the 23-hour day.
        #expect(object["remainingSeconds"] as? Int == 4_800)
    }

    @Test func aTimerCatchesUpAfterARestartAndStops() async throws {
        let host = try blocks(folder, clock)
        _ = await host.run("timer", "add", "Pomodoro", "--duration", "25m", "--now")
        clock.advance(by: 187 * 60)
        let shown = try await blocks(folder, clock).run("clock", "--json")
        let object = try #require(try jsonObject(shown.output) as? [String: Any])
        #expect(object["mode"] as? String == "timer")
        #expect(object["remainingSeconds"] as? Int == 13 * 60)
        let stopped = try await blocks(folder, clock).run("clock", "stop")
        #expect(stopped.output == "Stopped timer \"Pomodoro\".\n")
        let after = try await blocks(folder, clock).run("clock")
        #expect(after.output == "Nothing is running.\n")
    }

    @Test func dailyAddRefusesTooManyRepeatsWithExitOne() async throws {
        let host = try blocks(folder, clock)
        let result = await host.run("daily", "add", "Study", "--start", "09:00", "--focus", "50m", "--break", "10m",
                                       "--repeat", "25")
        #expect(result.code == 1)
        #expect(result.error.contains("Too many repeats"))
        let ok = await host.run("daily", "add", "Study", "--start", "09:00", "--focus", "50m", "--break", "10m",
                                   "--repeat", "4", "--json")
        let object = try #require(try jsonObject(ok.output) as? [String: Any])
        #expect(object["startSeconds"] as? Int == 32_400)
        #expect(object["focusSeconds"] as? Int == 3_000)
        #expect(object["repeatCount"] as? Int == 4)
    }

    /// Focus and break of Int.max seconds each trapped adding them up (SIGILL), and a timer of Int.max
    /// seconds was saved, after which `clock`, `clock stop` and `timer delete` trapped on every run.
    @Test func aDurationLongerThanAYearIsRefusedWithExitOne() async throws {
        let host = try blocks(folder, clock)
        let daily = await host.run("daily", "add", "Study", "--start", "09:00", "--focus", "9223372036854775807s",
                                   "--break", "9223372036854775807s")
        #expect(daily.code == 1)
        #expect(daily.error.hasPrefix("blocks: The focus duration 2562047788015215h 30m 7s is too long: at most 8760h (a year)."), "\(daily.error)")
        let timer = await host.run("timer", "add", "Tea", "--duration", "8761h", "--now")
        #expect(timer.code == 1)
        #expect(timer.error == "blocks: The timer duration 8761h is too long: at most 8760h (a year).\n")
        #expect(await host.run("clock").output == "Nothing is running.\n")
        #expect(await host.run("timer", "add", "Tea", "--duration", "8760h").code == 0)
    }

    /// `"databaseFile": "../outside.sqlite"` was opened beside the data folder, outside what is the plugin's.
    @Test func aDatabaseFileWithFoldersIsRefusedBeforeAnythingIsWritten() async throws {
        let outside = "blocks-outside-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().appendingPathComponent(outside)) }
        for name in ["../\(outside)", "", "nested/blocks.sqlite"] {
            await #expect(throws: PluginSettingsError.self, "\(name)") {
                let host = try PluginTestHost(BlocksPlugin(), id: "blocks", settings: #"{"databaseFile": "\#(name)"}"#, dataDirectory: folder, clock: clock)
                _ = await host.run("blocks", "add", "Deep work", "--hours", "4")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent(outside).path))
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        let host = try blocks(folder, clock)
        #expect(await host.run("blocks", "add", "X", "--hours", "abc").code == 2)
        #expect(await host.run("blocks", "add", "--hours", "4").code == 2)
        let noLength = await host.run("blocks", "add", "X")
        #expect(noLength.code == 2)
        #expect(noLength.error == "blocks: missing --hours N\nUsage: strata blocks add TITLE... --hours 3|4|6|8|12 [--now] [--json]\n")
        #expect(await host.run("daily", "add", "Study", "--start", "25:00", "--focus", "50m", "--break", "10m").code == 2)
        #expect(await host.run("blocks", "list", "--bogus").code == 2)
        #expect(await host.run("blocks", "add", "X", "--hours", "5").error.hasPrefix("blocks: --hours takes one of 3, 4, 6, 8, 12, not \"5\""))
        #expect(await host.run("blocks", "show", "nothing").code == 1)
    }

    /// One thing runs at a time: the command line says what a start replaced and what a delete stopped.
    @Test func startingOverARunningItemAndDeletingWhatRunsSaySo() async throws {
        let host = try blocks(folder, clock)
        _ = await host.run("daily", "add", "Study", "--start", "09:00", "--focus", "50m", "--break", "10m", "--now")
        let started = await host.run("timer", "add", "Tea", "--duration", "3m", "--now")
        #expect(started.output.contains("Stopped daily \"Study\": one thing runs at a time.\nStarted timer \"Tea\"."),
                "\(started.output)")
        let again = await host.run("timer", "start", "Tea")
        #expect(!again.output.contains("Stopped"), "restarting what runs replaces nothing")

        let deleted = await host.run("timer", "delete", "Tea")
        #expect(deleted.output == "Deleted timer \"Tea\"; it was running, so the clock stopped.\n")
        #expect(await host.run("clock").output == "Nothing is running.\n")
        #expect(await host.run("daily", "delete", "Study").output == "Deleted daily \"Study\".\n")
    }
}
