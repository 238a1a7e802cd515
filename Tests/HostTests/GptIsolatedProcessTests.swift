import Foundation
import StrataTesting
import Testing

/// `strata gpt` with Gpt in a sandboxed helper (`"isolation": "process"`), against the loopback server that
/// speaks OpenAI's streaming wire format, at the `baseURL` the user set: strata's client reaches that host
/// for the helper (the user chose it), streams the reply to it piece by piece, and sends it no key.
@Suite struct GptIsolatedProcessTests {
    /// A reply in two pieces, neither of which a persona's name or a title holds.
    static let reply = LoopbackResponse.eventStream(
        [GptProcessTests.chunk("Sunny "), GptProcessTests.chunk("side up!"), GptProcessTests.chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0)

    func sandbox(_ server: LoopbackHTTPServer, _ isolation: Isolation = .process) throws -> Sandbox {
        try GptProcessTests().sandbox(server, isolation)
    }

    /// `gpt ask` through its helper, against a server that holds the reply after its first piece until `gate`
    /// opens, once `ready` says so of it (or it ended); the caller opens the gate and stops the server.
    func askHeldAfterItsFirstPiece(
        _ ready: (LaunchedProcess) -> Bool
    ) throws -> (ask: LaunchedProcess, gate: LoopbackGate, server: LoopbackHTTPServer, sandbox: Sandbox) {
        let server = try LoopbackHTTPServer()
        let gate = try LoopbackGate()
        server.route("POST", "/v1/chat/completions", response: Self.reply.holding(after: 1, until: gate))
        let sandbox = try sandbox(server)
        let ask = try launchAsk(sandbox)
        while ask.isRunning && !ready(ask) { usleep(5_000) }  // polling the child
        return (ask, gate, server, sandbox)
    }

    func launchAsk(_ sandbox: Sandbox) throws -> LaunchedProcess {
        try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "gpt", "ask", "I missed the bus"],
                   environment: ["OPENAI_API_KEY": "sk-test-0123456789", "XDG_STATE_HOME": sandbox.state.path])
    }

    /// The first piece is on screen while the server holds the rest: the stream crosses as it arrives (before,
    /// the helper got the whole response at once, so nothing showed until the end). The key stays in strata:
    /// 127.0.0.1 is the user's host, not one Gpt declared; in process the plugin sends it as it always did.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aStreamedReplyArrivesPieceByPieceThroughTheHelper(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        let gate = try LoopbackGate()
        defer { gate.open(); server.stop() }
        server.route("POST", "/v1/chat/completions", response: Self.reply.holding(after: 1, until: gate))
        let sandbox = try sandbox(server, isolation)
        let ask = try launchAsk(sandbox)
        while ask.isRunning && !ask.outputSoFar.contains("Sunny") { usleep(5_000) }  // polling the child
        #expect(ask.isRunning, "the first piece shows while the rest is held")
        gate.open()
        let result = try ask.wait()

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Sunny side up!"), "\(result.stdout)")
        let authorization = server.requests(to: "/v1/chat/completions").first?.headers.first { $0.key.lowercased() == "authorization" }?.value
        #expect(authorization == (isolation == .process ? nil : "Bearer sk-test-0123456789"), "\(String(describing: authorization))")
    }

    /// #46, the slow HTTP: while a command waits in its helper for the rest of its reply, no thread of the pool
    /// that strata's tasks run on is held in a read. The command's frames and the helper's standard error were
    /// read there; on 2 cores those two reads were the whole pool, and the task relaying each piece of an answer
    /// waited for libdispatch's once-a-second check to add a thread (RESULTS.md §7: 0.8-0.9 s per request).
    @Test(.timeLimit(.minutes(10)))
    func whileACommandWaitsForItsReplyNoneOfStratasTaskThreadsIsHeldReading() throws {
        let (ask, gate, server, _) = try askHeldAfterItsFirstPiece { $0.outputSoFar.contains("Sunny") }
        defer { gate.open(); server.stop() }
        let tasks = "/proc/\(ask.processIdentifier)/task"
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).compactMap { id -> (name: String, waits: String)? in
            guard let name = try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8),
                let waits = try? String(contentsOfFile: "\(tasks)/\(id)/wchan", encoding: .utf8)
            else { return nil }
            return (name.trimmingCharacters(in: .whitespacesAndNewlines), waits)
        }
        gate.open()
        let result = try ask.wait()
        #expect(result.status == 0 && result.stdout.contains("Sunny side up!"), "\(result.stderr)")
        // libdispatch names the pool's threads after their queue (`com.apple.root.default-qos`, its last 15 bytes).
        #expect(threads.contains { $0.name.contains("qos") }, "strata's threads: \(threads)")
        let held = threads.filter { $0.name.contains("qos") && ($0.waits.contains("read") || ($0.waits.contains("poll") && !$0.waits.contains("epoll"))) }
        #expect(held.isEmpty, "strata's task threads held in reads: \(held)")
    }

    /// Who the user is follows one rule in both isolations: with `USER` and `LOGNAME` unset (cron, a systemd
    /// unit, `env -i`), strata tells the helper the user it finds, the name a plugin in process finds, so the
    /// day's uses are one count. (Before, the helper, which can't read the user database, counted them under
    /// "local": the history split by isolation, and the daily limit could be had twice.)
    @Test(.timeLimit(.minutes(10)))
    func theUserIsTheSameInBothIsolationsWithoutUSER() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: GptProcessTests.wholeReply)
        let isolated = try sandbox(server)
        let unset = ["OPENAI_API_KEY": "sk-test", "USER": "", "LOGNAME": ""]
        #expect(try isolated.strata(["gpt", "ask", "I missed the bus"], environment: unset).status == 0)
        let inProcess = try sandbox(server, .none)
        try? FileManager.default.removeItem(at: inProcess.data)
        try FileManager.default.copyItem(at: isolated.data, to: inProcess.data)
        #expect(try inProcess.strata(["gpt", "ask", "I missed the bus"], environment: unset).status == 0)
        #expect(try GptProcessTests().used(inProcess, environment: unset) == 2, "both uses are the same user's")
        #expect(try GptProcessTests().used(isolated, environment: unset) == 1)
    }

    /// `gpt personas` and `gpt usage` print through the helper what they print in process.
    @Test(.timeLimit(.minutes(10)))
    func personasAndUsageAreTheSameThroughTheHelper() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: GptProcessTests.wholeReply)
        let isolated = try sandbox(server)
        #expect(try isolated.strata(["gpt", "ask", "I missed the bus"], environment: ["OPENAI_API_KEY": "sk-test"]).status == 0)
        let inProcess = try sandbox(server, .none)
        for words in [["gpt", "personas"], ["gpt", "personas", "--json"]] {
            let (helper, strata) = (try isolated.strata(words), try inProcess.strata(words))
            #expect(helper.status == 0 && helper.stdout == strata.stdout && !helper.stdout.isEmpty, "\(words): \(helper.stderr)")
        }
        let usage = try isolated.strata(["gpt", "usage"])
        #expect(usage.status == 0 && usage.stdout.contains("1"), "\(usage.stdout) \(usage.stderr)")
        #expect(try GptProcessTests().used(isolated) == 1)
    }
}
