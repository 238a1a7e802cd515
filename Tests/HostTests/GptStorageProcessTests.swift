import Foundation
import StrataTesting
import Testing

/// `strata gpt` when its database file can't be used: people read what happened to which file and what to
/// do, never SQL, SQLite's words or the container's; with Gpt in strata's process and in a sandboxed helper.
@Suite struct GptStorageProcessTests {
    /// Gpt as an isolation says, at a loopback server that answers every ask.
    struct Gpt {
        let server: LoopbackHTTPServer
        let sandbox: Sandbox
        var database: URL { sandbox.data.appendingPathComponent("gpt/gpt.sqlite") }

        init(_ isolation: Isolation) throws {
            server = try LoopbackHTTPServer()
            server.route("POST", "/v1/chat/completions", response: GptProcessTests.wholeReply)
            sandbox = try GptProcessTests().sandbox(server, isolation)
        }

        func ask(_ text: String, as user: [String] = []) throws -> ProcessResult {
            try run((user.isEmpty ? BuildProducts.strata : user[0]),
                    Array(user.dropFirst()) + (user.isEmpty ? [] : [BuildProducts.strata])
                        + ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "gpt", "ask", text],
                    environment: ["OPENAI_API_KEY": "sk-test", "XDG_STATE_HOME": sandbox.state.path])
        }
    }

    func expectNoJargon(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for word in ["SQLite", "SELECT", "INSERT", "UPDATE", "factory", "registered by", "code "] {
            #expect(!text.contains(word), "\(word) in: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aCorruptDatabaseNamesTheFileAndSaysToMoveItAside(_ isolation: Isolation) throws {
        let gpt = try Gpt(isolation)
        defer { gpt.server.stop() }
        try FileManager.default.createDirectory(at: gpt.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: gpt.database)

        for command in [["gpt", "ask", "I missed the bus"], ["gpt", "history"], ["gpt", "usage"]] {
            let result = try gpt.sandbox.strata(command, environment: ["OPENAI_API_KEY": "sk-test"])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("gpt: \(gpt.database.path) is damaged or is not a Strata database. "
                                              + "Move it aside (mv \(gpt.database.path) \(gpt.database.path).damaged)"), "\(command): \(result.stderr)")
            expectNoJargon(result.stderr)
        }
        #expect(gpt.server.requests.isEmpty, "nothing was sent")
    }

    /// The disk fills while the reply streams in: the reply is on screen, but the history can't keep it.
    /// The message says so, and that it cost nothing; not that the reply is not shown. A file-size limit
    /// on strata alone (`ulimit -f`; its output goes through `cat`, which has none) stands in for the full
    /// disk: the day's use fits under it, the long reply's history row (94.5 KB, under the 100 KB a streamed
    /// reply may hold) doesn't.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aReplyShownButNotSavedSaysSoTruthfully(_ isolation: Isolation) throws {
        let gpt = try Gpt(isolation)
        defer { gpt.server.stop() }
        let first = try gpt.ask("I missed the bus")
        #expect(first.status == 0, "\(first.stderr)")
        let long = String(repeating: "Lucky! ", count: 150)
        gpt.server.route("POST", "/v1/chat/completions", response: .eventStream(
            (0..<90).map { _ in GptProcessTests.chunk(long) } + [GptProcessTests.chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0))

        let limited = try run("/bin/bash", ["-c", #"set -o pipefail; (ulimit -f 100; trap "" XFSZ; exec "$@") | cat"#, "bash",
                                            BuildProducts.strata, "--config", gpt.sandbox.config.path, "--data-dir", gpt.sandbox.data.path,
                                            "gpt", "ask", "I missed the train"],
                              environment: ["OPENAI_API_KEY": "sk-test", "XDG_STATE_HOME": gpt.sandbox.state.path])

        #expect(limited.status == 1, "\(limited.stderr)")
        #expect(limited.stdout.hasPrefix(long), "the reply was shown as it came")
        #expect(limited.stderr.hasPrefix("gpt: the reply couldn't be saved to your history, so it didn't count against today's limit"),
                "\(limited.stderr)")
        #expect(limited.stderr.contains(gpt.database.path), "\(limited.stderr)")
        #expect(!limited.stderr.contains("not shown"), "\(limited.stderr)")
        expectNoJargon(limited.stderr)
        let usage = try gpt.sandbox.strata(["gpt", "usage", "--json"])
        #expect(usage.stdout.contains(#""used" : 1"#), "only the first ask counted: \(usage.stdout)")
    }

    /// `--no-stream` the same way: the whole reply came, only keeping it failed. It is printed, and the error
    /// says it wasn't kept (it was dropped, unseen).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aWholeReplyNotSavedIsPrintedAndSaidNotKept(_ isolation: Isolation) throws {
        let gpt = try Gpt(isolation)
        defer { gpt.server.stop() }
        let first = try gpt.ask("I missed the bus")
        #expect(first.status == 0, "\(first.stderr)")
        let long = String(repeating: "Lucky! ", count: 150 * 200)
        let body = #"{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"\#(long)"},"finish_reason":"stop"}]}"#
        gpt.server.route("POST", "/v1/chat/completions", response: .json(body))

        let limited = try run("/bin/bash", ["-c", #"set -o pipefail; (ulimit -f 160; trap "" XFSZ; exec "$@") | cat"#, "bash",
                                            BuildProducts.strata, "--config", gpt.sandbox.config.path, "--data-dir", gpt.sandbox.data.path,
                                            "gpt", "ask", "--no-stream", "I missed the train"],
                              environment: ["OPENAI_API_KEY": "sk-test", "XDG_STATE_HOME": gpt.sandbox.state.path])

        #expect(limited.status == 1, "\(limited.stderr)")
        #expect(limited.stdout.hasPrefix(long), "the reply is printed: \(limited.stdout.prefix(200))")
        #expect(limited.stderr.hasPrefix("gpt: the reply couldn't be saved to your history"), "\(limited.stderr)")
    }

    /// A database the user may read but not write (#46: in a helper, which loads its plugin through a folder
    /// it makes in that folder, it was "failed to load in its helper: not a loadable library: can't make a
    /// folder"). Root's permissions don't hold, so as root the test asks with the database's folder bound
    /// read-only in a mount namespace of its own (running as `nobody` instead needs every folder above the
    /// build open to others, which CI's 0700 clone folder is not; a user namespace makes root's `/tmp` look
    /// like the user's, which trust then refuses).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func anUnwritableDatabaseSaysNothingWasSentAndWhatToCheck(_ isolation: Isolation) throws {
        let gpt = try Gpt(isolation)
        defer { gpt.server.stop() }
        let first = try gpt.ask("I missed the bus")
        #expect(first.status == 0, "\(first.stderr)")
        let folder = gpt.database.deletingLastPathComponent().path
        let user = geteuid() == 0
            ? ["/usr/bin/unshare", "--mount", "--", "/bin/sh", "-c", #"mount --bind -o ro "$0" "$0" && exec "$@""#, folder]
            : []
        chmod(gpt.database.path, 0o444)
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }

        let refused = try gpt.ask("I missed the train", as: user)

        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was sent"), "\(refused.stderr)")
        #expect(refused.stderr.contains("\(gpt.database.path) can't be written: check that you may write it and its folder"),
                "\(refused.stderr)")
        expectNoJargon(refused.stderr)
        #expect(gpt.server.requests.count == 1, "only the first ask was sent")
    }
}
