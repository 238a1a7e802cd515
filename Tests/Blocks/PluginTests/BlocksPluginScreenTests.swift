import Foundation
import StrataBase
import StrataRuntime
import StrataTerminal
import StrataTesting
import Testing
@testable import BlocksPlugin

/// Blocks' screens in the test host: what the app shows and what the command line lists are one store.
@MainActor
final class BlocksPluginScreenTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-screens-\(UUID().uuidString)")
    let clock = ManualWallClock(start: Timestamp(secondsSince1970: ISO8601DateFormatter().date(from: "2026-06-10T09:20:00+02:00")!.timeIntervalSince1970))
    let size = TerminalSize(width: 70, height: 14)

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aBlockAddedOnTheScreensIsListedByTheCommandLine() async throws {
        let host = try blocks(folder, clock)
        let app = try host.openScreen()
        #expect(app.render(size: size).text.contains("Timers"))
        try app.send(.down)
        try app.send(.enter)                                   // Blocks
        #expect(app.render(size: size).text.contains("No blocks yet"))
        try app.send(.character("a"))
        for character in "Deep work" { try app.send(.character(character)) }
        try app.send(.enter)                                   // 4-hour blocks; save, and "start now?" asks
        #expect(app.render(size: size).text.contains("Start \"Deep work\" now?"))
        try app.send(.right)
        try app.send(.enter)                                   // Start now
        #expect(app.render(size: size).text.contains("Deep work"))

        let listed = await host.run("blocks", "list")
        #expect(listed.code == 0)
        #expect(listed.output.contains("Deep work") && listed.output.contains("4 h (6 a day)"))
        let clockShown = await host.run("clock", "--json")
        let object = try #require(try jsonObject(clockShown.output) as? [String: Any])
        #expect(object["title"] as? String == "Deep work")
        #expect(object["phase"] as? String == "focus")
    }
}
