import Foundation
import StrataTesting
import Testing

/// `strata gpt` as processes against a loopback server that speaks OpenAI's streaming wire format: the
/// daily limit holds across processes and time zones, and a cut stream costs nothing; with Gpt in strata's
/// process and in a sandboxed helper.
@Suite struct GptProcessTests {
    static func chunk(_ content: String, finish: String? = nil) -> String {
        let delta = try! JSONSerialization.data(withJSONObject: ["content": content])
        let reason = finish.map { "\"\($0)\"" } ?? "null"
        return #"data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":"#
            + String(decoding: delta, as: UTF8.self) + #","finish_reason":\#(reason)}]}"# + "\n\n"
    }

    static let wholeReply = LoopbackResponse.eventStream([chunk("Lucky "), chunk("day!"), chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0)

    /// Gpt as `isolation` says, at `server` (the user's `baseURL`, which in a helper gets no key).
    func sandbox(_ server: LoopbackHTTPServer, _ isolation: Isolation = .none, limit: Int = 10) throws -> Sandbox {
        try .feature("gpt", isolation, settings: #"{"baseURL": "\#(server.url("/v1").absoluteString)", "dailyLimit": \#(limit)}"#)
    }

    func used(_ sandbox: Sandbox, environment: [String: String] = [:]) throws -> Int? {
        let usage = try sandbox.strata(["gpt", "usage", "--json"], environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(usage.stdout.utf8)) as? [String: Any]
        return object?["used"] as? Int
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func sixProcessesRacingForThreeUsesGetExactlyThree(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: Self.wholeReply)
        let sandbox = try sandbox(server, isolation, limit: 3)

        // All six start before any ends: each is between its check and its answer at the same time.
        let folders = ["--config", sandbox.config.path, "--data-dir", sandbox.data.path]
        let started = try (0..<6).map { index in
            try launch(BuildProducts.strata, folders + ["gpt", "ask", "I missed bus number \(index)"], environment: ["OPENAI_API_KEY": "sk-test"])
        }
        let results = try started.map { try $0.wait() }

        let answered = results.filter { $0.status == 0 }
        let refused = results.filter { $0.status == 1 && $0.stderr.contains("limit") }
        #expect(answered.count == 3, "\(results.map(\.stderr))")
        #expect(refused.count == 3)
        #expect(try used(sandbox) == 3)
    }

    /// Kiritimati (UTC+14) and Pago Pago (UTC−11) are always on different calendar days.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func anotherTimeZoneInTheEnvironmentDoesNotStartANewDay(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: Self.wholeReply)
        let sandbox = try sandbox(server, isolation)

        let ask = try sandbox.strata(["gpt", "ask", "I missed the bus"], environment: ["OPENAI_API_KEY": "sk-test", "TZ": "Pacific/Kiritimati"])
        #expect(ask.status == 0, "\(ask.stderr)")

        #expect(try used(sandbox, environment: ["TZ": "Pacific/Pago_Pago"]) == 1)
        #expect(try used(sandbox, environment: ["TZ": "Pacific/Kiritimati"]) == 1)
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aStreamCutOffBeforeItsEndIsShownAsIncompleteExits1AndCostsNothing(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: .eventStream([Self.chunk("Lucky "), Self.chunk("da")], pause: 0))
        let sandbox = try sandbox(server, isolation)

        let ask = try sandbox.strata(["gpt", "ask", "I missed the bus"], environment: ["OPENAI_API_KEY": "sk-test"])

        #expect(ask.status == 1)
        #expect(ask.stdout.contains("Lucky da"), "what arrived is still shown")
        #expect(ask.stderr.contains("the reply was cut off"))
        #expect(ask.stderr.contains("incomplete"))
        #expect(try used(sandbox) == 0)
    }

    /// Issue #35 item 5: a chunked body the server cuts (no last chunk) showed libcurl's "transfer closed with
    /// outstanding read data remaining"; it is a cut-off reply, in strata's words.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aChunkedStreamTheServerCutsSaysTheReplyIsIncompleteInStratasWords(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: .eventStream([Self.chunk("Lucky "), Self.chunk("da")], pause: 0).cutOff())
        let sandbox = try sandbox(server, isolation)

        let ask = try sandbox.strata(["gpt", "ask", "I missed the bus"], environment: ["OPENAI_API_KEY": "sk-test"])

        #expect(ask.status == 1)
        #expect(ask.stdout.contains("Lucky da"), "what arrived is still shown")
        #expect(ask.stderr.contains("the reply was cut off") && ask.stderr.contains("incomplete"), "\(ask.stderr)")
        #expect(!ask.stderr.contains("transfer closed"), "\(ask.stderr)")
        #expect(try used(sandbox) == 0)
    }

    /// Issue #30 item 21: OpenAI echoes part of a wrong key in its 401; strata never prints it.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aKeyTheServerEchoesInPartIsNotPrinted(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let message = "Incorrect API key provided: sk-abc***xyz. You can find your API key at https://platform.openai.com/account/api-keys."
        server.route("POST", "/v1/chat/completions", response: .json(#"{"error": {"message": "\#(message)", "type": "invalid_request_error", "code": "invalid_api_key"}}"#, status: 401))
        let sandbox = try sandbox(server, isolation)

        let ask = try sandbox.strata(["gpt", "ask", "I missed the bus"], environment: ["OPENAI_API_KEY": "sk-abcdef0123456789xyz"])

        #expect(ask.status == 1)
        #expect(ask.stderr.contains("Incorrect API key provided: ••••."), "\(ask.stderr)")
        #expect(!ask.stderr.contains("sk-abc") && !ask.stdout.contains("sk-abc"), "\(ask.stderr)")
    }

    /// Ctrl-C (SIGINT) or a hang-up (SIGHUP: the terminal closed) while the reply streams in stops the
    /// request: the day's use is given back before strata ends, and the exit status is 128 + the signal
    /// (130 for Ctrl-C), as for any command stopped by a signal.
    @Test(.timeLimit(.minutes(10)), arguments: [SIGINT, SIGHUP], Isolation.allCases)
    func aSignalWhileTheReplyStreamsInGivesTheUseBack(_ signal: Int32, _ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        let gate = try LoopbackGate()
        defer { gate.open(); server.stop() }
        server.route("POST", "/v1/chat/completions", response: Self.wholeReply.holding(after: 1, until: gate))
        let sandbox = try sandbox(server, isolation)
        let ask = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "gpt", "ask", "I missed the bus"],
                             environment: ["OPENAI_API_KEY": "sk-test", "XDG_STATE_HOME": sandbox.state.path])
        // The first piece is on screen and the rest held back: the request is under way.
        while ask.isRunning && !(ask.outputSoFar.contains("Lucky") && ask.catches(signal)) { usleep(5_000) }  // polling the child
        kill(ask.processIdentifier, signal)
        let result = try ask.wait()

        #expect(result.status == 128 + signal, "\(result.stderr)")
        #expect(result.stderr.contains("gpt: the request was cancelled."), "\(result.stderr)")
        #expect(try used(sandbox) == 0)
    }

    /// `gpt ask "-5 points on my exam"` is a trouble, not an option; a single dashed word gets the hint.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func textStartingWithADashIsAskedOrTheErrorSaysToPutDashesBeforeIt(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: Self.wholeReply)
        let sandbox = try sandbox(server, isolation)

        let sentence = try sandbox.strata(["gpt", "ask", "-5 points on my exam"], environment: ["OPENAI_API_KEY": "sk-test"])
        #expect(sentence.status == 0, "\(sentence.stderr)")
        #expect(server.requests.first.map { String(decoding: $0.body, as: UTF8.self).contains("-5 points on my exam") } == true)

        let word = try sandbox.strata(["gpt", "ask", "-5pts"], environment: ["OPENAI_API_KEY": "sk-test"])
        #expect(word.status == 2)
        #expect(word.stderr.contains(#"gpt: unknown option -5pts (known: --json, --no-stream, --persona). Text that starts with a dash goes after --: -- "-5pts""#),
                "\(word.stderr)")
        #expect(try sandbox.strata(["gpt", "ask", "--", "-5pts"], environment: ["OPENAI_API_KEY": "sk-test"]).status == 0)
    }

    @Test(arguments: Isolation.allCases) func askWithOnlySpacesPrintsItsUsageLineOnce(_ isolation: Isolation) throws {
        let ask = try Sandbox.feature("gpt", isolation).strata(["gpt", "ask", "   "])
        #expect(ask.status == 2)
        #expect(ask.stderr.components(separatedBy: "Usage: strata gpt ask").count == 2, "\(ask.stderr)")
        #expect(ask.stderr.hasPrefix("gpt: missing TEXT"), "one line saying what is wrong, then the usage: \(ask.stderr)")
    }
}
