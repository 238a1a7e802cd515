import Foundation
import StrataBase
import StrataPluginKit
import StrataTesting
import Testing

/// `strata plugins audit ID`: what a plugin's sandboxed helper reached through strata, recorded by strata as it
/// decided, and `--learn`, the capabilities that cover it.
@Suite struct PluginAuditProcessTests {
    /// The entries `plugins audit ID --json` prints.
    static func entries(_ sandbox: Sandbox, _ id: String) throws -> [[String: Any]] {
        let audit = try sandbox.strata(["plugins", "audit", id, "--json"])
        #expect(audit.status == 0, "\(audit.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any]
        return json?["entries"] as? [[String: Any]] ?? []
    }

    /// A real Movies search in a helper (a v4 token, which strata keeps from the host the user chose), then one
    /// with a v3 key in its address, which strata refuses: both requests, the variable given, and neither key.
    @Test(.timeLimit(.minutes(10)))
    func theAuditHasTheCrossingsOfAMoviesSearchAndARefusedFetch() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/search/movie", response: .json(MoviesProcessTests.page))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"movies": {"isolation": "process", "#
                                + #""settings": {"source": "tmdb", "baseURL": "\#(server.baseURL.absoluteString)"}}}}"#)
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJlc2lnbmF0dXJl"
        let search = try sandbox.strata(["movies", "search", "fight club"], environment: ["TMDB_API_KEY": token])
        #expect(search.status == 0 && search.stdout.contains("Fight Club"), "\(search.stderr)")
        let refused = try sandbox.strata(["movies", "search", "alien"], environment: MoviesProcessTests.v3Key)
        #expect(refused.status == 1, "\(refused.stderr)")

        let entries = try Self.entries(sandbox, "movies")
        let http = entries.filter { $0["kind"] as? String == "http" }
        #expect(http.count == 2, "\(entries)")
        #expect(http.first?["refused"] as? Bool == false && http.first?["host"] as? String == "127.0.0.1"
                && http.first?["port"] as? Int == Int(server.port) && http.first?["path"] as? String == "/3/search/movie"
                && http.first?["method"] as? String == "GET", "\(http)")
        #expect(http.last?["refused"] as? Bool == true && (http.last?["reason"] as? String ?? "").contains("it carries a key"), "\(http)")
        #expect(entries.filter { $0["kind"] as? String == "variable" }.map { $0["name"] as? String } == ["TMDB_API_KEY", "TMDB_API_KEY"])
        let file = try String(contentsOf: sandbox.state.appendingPathComponent("strata/audit/movies.jsonl"), encoding: .utf8)
        #expect(!file.contains(token) && !file.contains(MoviesProcessTests.v3Key["TMDB_API_KEY"]!) && !file.contains("query"), "no key, no query")

        let text = try sandbox.strata(["plugins", "audit", "movies", "--since", "1h"])
        #expect(text.stdout.contains("movies: 4 crossings in the last 1h, 1 refused") && text.stdout.contains("GET 127.0.0.1:\(server.port)/3/search/movie"),
                "\(text.stdout)")
    }

    /// The block `--learn` prints from Hostile's run, used as its declaration (the config's, which narrows
    /// what it declares), lets the same run pass, and refuses the same request to another port.
    @Test(.timeLimit(.minutes(10)))
    func theLearnedCapabilitiesLetTheSameRunPassAndNothingMore() throws {
        let server = try LoopbackHTTPServer(), other = try LoopbackHTTPServer()
        defer { server.stop(); other.stop() }
        server.route("GET", "/ok", response: .text("ok"))
        other.route("GET", "/ok", response: .text("ok"))
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let environment = ["HOSTILE_DECLARED": "visible"]
        let run = { try sandbox.strata(["hostile", "fetch", server.url("/ok").absoluteString], environment: environment) }
        #expect(try run().status == 0)

        let learn = try sandbox.strata(["plugins", "audit", "hostile", "--learn"])
        #expect(learn.status == 0, "\(learn.stderr)")
        let block = try JSONSerialization.jsonObject(with: Data(learn.stdout.utf8)) as? [String: Any]
        guard case .object(let members) = try JSONValue.parse(Array(learn.stdout.utf8)).value, let declared = members["capabilities"] else {
            Issue.record("not a capabilities block: \(learn.stdout)")
            return
        }
        let capabilities = try PluginDescriptor.Capabilities(json: declared, path: "capabilities")
        #expect(capabilities == .init(network: ["127.0.0.1:\(server.port)"], environment: ["HOSTILE_DECLARED"]), "\(learn.stdout)")
        #expect(block?.keys.sorted() == ["capabilities"])

        let learned = String(decoding: try JSONSerialization.data(withJSONObject: block!["capabilities"]!), as: UTF8.self)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"hostile": {"capabilities": \#(learned)}}}"#)
        let again = try run()
        #expect(again.status == 0 && again.stdout.hasPrefix("ok: fetched"), "the same run passes: \(again.stderr)")
        let elsewhere = try sandbox.strata(["hostile", "fetch", other.url("/ok").absoluteString], environment: environment)
        #expect(elsewhere.status == 1 && other.requests(to: "/ok").isEmpty, "another port of the same host is refused: \(elsewhere.stdout)")
    }

    /// In the app, `a` on Hostile's row opens its audit, newest first (the refused fetch above the one sent),
    /// and Esc goes home.
    @Test(.timeLimit(.minutes(10)))
    func theAppShowsAPluginsAuditNewestFirst() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/ok", response: .text("ok"))
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        let config = #"{"pluginDirectories": ["plugins"]}"#
        try sandbox.writeConfig(config)
        #expect(try sandbox.strata(["hostile", "fetch", server.url("/ok").absoluteString]).status == 0)
        #expect(try sandbox.strata(["hostile", "fetch", "http://localhost:\(server.port)/ok"]).status == 1)

        let app = InteractiveAppTests()
        let (terminal, _) = try await app.startStrata(in: sandbox, config: config)
        defer { terminal.close() }
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        try await IsolatedAppTests().select("Fixture Hostile", in: terminal)
        try terminal.type("a")
        let audit = try await terminal.waitFor("the audit") { $0.first?.hasPrefix(" Strata › Fixture Hostile audit") == true && $0.contains { $0.contains("crossings") } }
        let rows = audit.filter { $0.contains("GET ") }
        #expect(audit.contains { $0.contains("2 crossings, 1 refused, newest first") }, "\(audit.joined(separator: "\n"))")
        #expect(rows.count == 2 && rows[0].contains("GET localhost:\(server.port)/ok") && rows[0].contains("refused")
                && rows[1].contains("GET 127.0.0.1:\(server.port)/ok") && rows[1].contains("sent"), "\(audit.joined(separator: "\n"))")
        // Enter shows the refusal's reason whole, which the row cuts short.
        try terminal.press("Enter")
        try await terminal.waitFor("the whole entry") { $0.joined(separator: " ").contains("(\"network\" in plugin.json)") }
        try terminal.press("Escape")
        try await terminal.waitFor("the audit again") { $0.last?.contains("r reload") == true }
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen again") { $0.first == " Strata" && $0.contains(InteractiveAppTests.homeHelp) }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// A key strata knows of (a variable named as one holds it), put where the helper chooses (here the host),
    /// is masked in the file.
    @Test(.timeLimit(.minutes(10)))
    func aKeyTheHelperPutsInTheHostIsMasked() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let key = "audit5f0c2e9b7d"
        let fetch = try sandbox.strata(["hostile", "fetch", "http://\(key).example/"], environment: ["HOSTILE_TOKEN": key])
        #expect(fetch.status == 1, "refused: an undeclared host")
        let file = try String(contentsOf: sandbox.state.appendingPathComponent("strata/audit/hostile.jsonl"), encoding: .utf8)
        #expect(!file.contains(key) && file.contains(#""host":"••••.example""#), "\(file)")
    }

    @Test(.timeLimit(.minutes(10)))
    func anUnknownPluginABadDurationAndAPluginInProcessAreSaidPlainly() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"hostile": {"isolation": "none"}}}"#)
        let unknown = try sandbox.strata(["plugins", "audit", "hostle"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no plugin 'hostle'") && unknown.stderr.contains("did you mean 'hostile'? Run `strata plugins list`."), "\(unknown.stderr)")
        let bad = try sandbox.strata(["plugins", "audit", "hostile", "--since", "yesterday"])
        #expect(bad.status == 2 && bad.stderr.contains("--since yesterday is not a length of time") && bad.stderr.contains("Usage: strata plugins audit"),
                "\(bad.stderr)")
        let json = try sandbox.strata(["plugins", "audit", "hostile", "--json"])
        #expect(json.stdout.contains("\"isolation\" : \"none\"") && json.stdout.contains("\"entries\" : [\n\n  ]"), "\(json.stdout)")
        let none = try sandbox.strata(["plugins", "audit", "hostile"])
        #expect(none.status == 0 && none.stdout.contains("hostile runs inside strata (\"isolation\": \"none\"): nothing crosses a helper"), "\(none.stdout)")
        let help = try sandbox.strata(["plugins", "audit", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--learn") && help.stdout.contains("--since DURATION"), "\(help.stdout)")
    }
}
