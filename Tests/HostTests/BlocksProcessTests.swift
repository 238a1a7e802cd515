import Foundation
import Testing

/// Blocks state survives the process: what one `strata` writes, the next one reads.
@Suite struct BlocksProcessTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"features": {"movies": {"enabled": false}, "gpt": {"enabled": false}, "running": {"enabled": false}}}"#)
    }

    @Test func aBlockAddedInOneProcessIsListedByTheNext() throws {
        let add = try sandbox.strata(["blocks", "add", "Deep work", "--hours", "4"])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try sandbox.strata(["blocks", "list", "--json"])
        #expect(list.status == 0)
        let blocks = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(blocks.count == 1)
        #expect(blocks.first?["title"] as? String == "Deep work")
        #expect((blocks.first?["id"] as? String).flatMap(UUID.init(uuidString:)) != nil)
    }

    @Test func aStartedBlockIsShownByTheClockOfALaterProcess() throws {
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

    @Test func anEmptyTitleIsRefusedWithoutCrashing() throws {
        let result = try sandbox.strata(["blocks", "add", "", "--hours", "4"])
        #expect(!result.signalled)
        #expect(result.status == 1 || result.status == 2)
        #expect(!result.stderr.isEmpty)
    }
}
