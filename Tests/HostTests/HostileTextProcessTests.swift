import Foundation
import StrataTesting
import Testing

/// Text from outside (a server's titles and replies, a user's block title) never reaches the terminal
/// raw from a command: text output is stripped of escape sequences and controls, JSON escapes them; with each
/// feature in strata's process and in a sandboxed helper.
@Suite struct HostileTextProcessTests {
    /// Sequences a terminal would obey: clear the screen, retitle the window, an 8-bit CSI.
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m"

    static func expectNothingATerminalObeys(_ text: String, _ comment: Comment) {
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }, comment)
    }

    /// A title typed with sequences the shell let through is kept as the terminal showed it: the sequences
    /// go whole, parameters included, from what is stored, listed and written as JSON. (JSON escaping what
    /// comes from a server is the TMDB test below.)
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aBlockTitledWithEscapeSequencesIsKeptAsTheTerminalShowedIt(_ isolation: Isolation) throws {
        let sandbox = try Sandbox.feature("blocks", isolation)
        let added = try sandbox.strata(["blocks", "add", "Deep\(Self.hostile) work", "--hours", "4"])
        #expect(added.status == 0, "\(added.stderr)")

        let list = try sandbox.strata(["blocks", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("Deep work"), "every sequence goes whole, parameters included")
        Self.expectNothingATerminalObeys(list.stdout + added.stdout + added.stderr, "blocks list")

        let json = try sandbox.strata(["blocks", "list", "--json"])
        Self.expectNothingATerminalObeys(json.stdout, "blocks list --json")
        let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(items?.first?["title"] as? String == "Deep work", "\(json.stdout)")
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aTMDBTitleThatWouldClearTheScreenIsPrintedClean(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = #"{"page":1,"total_pages":1,"total_results":1,"results":[{"id":496243,"title":"Parasite Test \u001b[2J\u009b2J","overview":"An \u001b]0;pwned\u0007overview","release_date":"2019-05-30","poster_path":null}]}"#
        server.route("GET", "/3/search/movie", response: .json(body))
        server.route("GET", "/3/movie/496243", response: .json(#"{"id":496243,"title":"Parasite Test \u001b[2J","overview":"x","release_date":"2019-05-30"}"#))
        let sandbox = try MoviesProcessTests.tmdbSandbox(server, isolation)
        let key = MoviesProcessTests.key

        let search = try sandbox.strata(["movies", "search", "Alien"], environment: key)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("Parasite Test \n") && !search.stdout.contains("2J"))
        Self.expectNothingATerminalObeys(search.stdout + search.stderr, "movies search")

        let show = try sandbox.strata(["movies", "show", "496243"], environment: key)
        #expect(show.stdout.contains("Parasite Test "))
        Self.expectNothingATerminalObeys(show.stdout + show.stderr, "movies show")

        let json = try sandbox.strata(["movies", "search", "Alien", "--json"], environment: key)
        Self.expectNothingATerminalObeys(json.stdout, "movies search --json")
        #expect(json.stdout.contains(#"Parasite Test \u001b[2J\u009B2J"#))
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aStreamedReplyCarryingEscapeSequencesIsPrintedClean(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        func chunk(_ content: String, finish: String? = nil) -> String {
            let delta = try! JSONSerialization.data(withJSONObject: ["content": content])
            let reason = finish.map { "\"\($0)\"" } ?? "null"
            return #"data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":"#
                + String(decoding: delta, as: UTF8.self) + #","finish_reason":\#(reason)}]}"# + "\n\n"
        }
        server.route("POST", "/v1/chat/completions", response: .eventStream(
            [chunk("Lucky \u{1B}]0;pwned\u{07}"), chunk("day\u{1B}[2J!"), chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0))
        let sandbox = try GptProcessTests().sandbox(server, isolation)

        let ask = try sandbox.strata(["gpt", "ask", "I missed the bus"], environment: ["OPENAI_API_KEY": "sk-test"])
        #expect(ask.status == 0, "\(ask.stderr)")
        #expect(ask.stdout.contains("Lucky day!"))
        Self.expectNothingATerminalObeys(ask.stdout + ask.stderr, "gpt ask")
    }
}
