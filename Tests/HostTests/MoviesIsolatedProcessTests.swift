import Foundation
import StrataTesting
import Testing

/// `strata movies` with Movies in a sandboxed helper (`"isolation": "process"`) and its offline catalog: no
/// network, its SQLite files in its own folder. It prints what it prints in process.
@Suite struct MoviesIsolatedProcessTests {
    func sandbox(isolation: String) throws -> Sandbox { try .running("movies", isolation: isolation) }

    @Test(.timeLimit(.minutes(10)))
    func searchAndRecentPrintWhatTheyPrintInProcess() throws {
        let (isolated, inProcess) = (try sandbox(isolation: "process"), try sandbox(isolation: "none"))
        for words in [["movies", "search", "alien"], ["movies", "search", "the", "--page", "2", "--json"], ["movies", "recent"], ["movies", "recent", "--json"]] {
            let (helper, strata) = (try isolated.strata(words), try inProcess.strata(words))
            #expect(helper.status == 0 && strata.status == 0, "\(words): \(helper.stderr)")
            #expect(helper.stdout == strata.stdout && !helper.stdout.isEmpty, "\(words): \(helper.stdout) vs \(strata.stdout)")
        }
        #expect(try isolated.strata(["movies", "recent"]).stdout.contains("alien"), "the helper saved the query in its own folder")
    }

    /// TMDB at a `baseURL` the user set (a loopback server): in process the v3 key goes in the address as
    /// always; in a helper strata refuses to send it to a host Movies never declared, and says so (before, the
    /// host itself was refused as undeclared).
    @Test(.timeLimit(.minutes(10)), arguments: ["process", "none"])
    func theKeyGoesOnlyToTheHostsMoviesDeclared(_ isolation: String) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/search/movie", response: .json(MoviesProcessTests.page))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"movies": {"isolation": "\#(isolation)", "#
                                + #""settings": {"source": "tmdb", "baseURL": "\#(server.baseURL.absoluteString)"}}}}"#)

        let search = try sandbox.strata(["movies", "search", "fight club"], environment: MoviesProcessTests.key)
        switch isolation {
        case "none":
            #expect(search.status == 0 && search.stdout.contains("Fight Club"), "\(search.stderr)")
            #expect(server.requests(to: "/3/search/movie").first?.query["api_key"] == MoviesProcessTests.key["TMDB_API_KEY"])
        default:
            #expect(search.status == 1)
            #expect(search.stderr.contains("strata didn't send movies's request to 127.0.0.1:\(server.port) (your setting baseURL): it carries a key"),
                    "\(search.stderr)")
            #expect(server.requests(to: "/3/search/movie").isEmpty)
        }
    }
}
