import Foundation
import Glibc
import StrataTesting
import Testing

/// A command whose start holds its thread (it never suspends), in a sandboxed helper: the helper starts each
/// command on the thread that reads strata's frames, with no hop to another thread (RESULTS.md §7), and a held
/// start must not keep the command's HTTP answer or Ctrl-C from crossing. In process (`"isolation": "none"`)
/// both work as they always did. strata runs on a thread of its own here: its waits block.
@Suite struct HelperHeldThreadTests {
    /// strata's arguments and environment for Hostile's `words`, in a sandbox `hostile` keeps.
    func command(_ hostile: IsolationProcessTests.Hostile, _ words: [String]) -> [String] {
        ["--config", hostile.sandbox.config.path, "--data-dir", hostile.sandbox.data.path, "hostile"] + words
    }

    /// The command waits for its answer on its thread: the helper's reader was that thread, so another reads
    /// the answer in (before, nothing did: the command waited its 30 s and failed).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aCommandWaitingOnItsThreadForItsHTTPAnswerGetsIt(_ isolation: Isolation) async throws {
        let hostile = try IsolationProcessTests.Hostile(isolation)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/key", response: .text("answer"))
        let url = server.url("/key").absoluteString
        let arguments = command(hostile, ["fetch-holding", url])
        let state = hostile.sandbox.state.path  // it holds Hostile's approval
        let result = try await onOwnThread { try strata(arguments, environment: ["XDG_STATE_HOME": state]) }
        #expect(result.stdout == "ok: fetched \(url) holding its thread: 200\n", "\(result.stdout) \(result.stderr)")
    }

    /// Ctrl-C reaches a command that polls for it and never suspends: it ends with 130, as in process.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func ctrlCCancelsACommandWhoseStartNeverSuspends(_ isolation: Isolation) async throws {
        let hostile = try IsolationProcessTests.Hostile(isolation)
        // Its state folder holds Hostile's approval.
        let hold = try launch(BuildProducts.strata, command(hostile, ["hold"]), environment: ["XDG_STATE_HOME": hostile.sandbox.state.path])
        let result = try await onOwnThread {
            let deadline = Date().addingTimeInterval(120)
            while !hold.outputSoFar.contains("holding"), hold.isRunning, Date() < deadline {
                usleep(5_000)  // polling the child's output
            }
            kill(hold.processIdentifier, SIGINT)
            return try hold.wait(timeout: 60)
        }
        #expect(result.status == 130 && !result.signalled && result.stdout == "holding\n", "\(result.status) \(result.stdout) \(result.stderr)")
    }
}
