import Foundation
import StrataTesting
import Testing

/// `strata movies` against a loopback server that speaks TMDB's API, as a script would use it.
@Suite struct MoviesProcessTests {
    static let page = #"{"page":1,"total_pages":1,"total_results":1,"results":[{"id":550,"title":"Fight Club","overview":"Soap.","release_date":"1999-10-15","poster_path":null}]}"#
    static let key = ["TMDB_API_KEY": "0123456789abcdef0123456789abcdef"]

    static func tmdbSandbox(_ server: LoopbackHTTPServer) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"movies": {"settings": {"source": "tmdb", "baseURL": "\#(server.baseURL.absoluteString)"}}}}"#)
        return sandbox
    }

    /// The contract: a search that shows results exits 0. When the fresh search fails and a page saved by
    /// an earlier one stands in, standard error says so and --json marks it `"stale": true` (it exited 1
    /// next to the results before).
    @Test(.timeLimit(.minutes(10)))
    func aFailedFreshSearchAfterACachedPageShowsThePageMarkedStaleAndExits0() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let failure = LoopbackResponse.json(#"{"status_code":11,"status_message":"Internal error.","success":false}"#, status: 500)
        server.route("GET", "/3/search/movie", responses: [.json(Self.page), failure, failure])
        let sandbox = try Self.tmdbSandbox(server)

        let first = try sandbox.strata(["movies", "search", "fight club"], environment: Self.key)
        #expect(first.status == 0)
        let second = try sandbox.strata(["movies", "search", "fight club"], environment: Self.key)
        #expect(second.status == 0, "results were shown")
        #expect(second.stdout.contains("Fight Club"))
        #expect(second.stderr.contains("HTTP 500") && second.stderr.contains("Showing the page saved by an earlier search"), "\(second.stderr)")

        let json = try sandbox.strata(["movies", "search", "fight club", "--json"], environment: Self.key)
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["stale"] as? Bool == true)
    }

    /// A page past the last is an error: exit 1 and the reason on standard error; --json still prints the
    /// empty page (it exited 0 before).
    @Test(.timeLimit(.minutes(10)))
    func aPagePastTheLastExits1AndJSONStillPrintsTheEmptyPage() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/search/movie", response: .json(#"{"page":49,"total_pages":3,"total_results":55,"results":[]}"#))
        let sandbox = try Self.tmdbSandbox(server)

        let text = try sandbox.strata(["movies", "search", "the", "--page", "49"], environment: Self.key)
        #expect(text.status == 1)
        #expect(text.stdout.isEmpty && text.stderr.contains(#"no page 49 for "the": there are 3 pages."#), "\(text.stderr)")
        let json = try sandbox.strata(["movies", "search", "the", "--page", "49", "--json"], environment: Self.key)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["page"] as? Int == 49 && (object?["movies"] as? [Any])?.isEmpty == true, "\(json.stdout)")
    }

    @Test(.timeLimit(.minutes(10)))
    func aMalformedAnswerIsReportedInOneSentenceEndingInOnePeriod() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/search/movie", response: .json("{not json"))
        let sandbox = try Self.tmdbSandbox(server)

        let result = try sandbox.strata(["movies", "search", "alien"], environment: Self.key)
        #expect(result.status == 1)
        #expect(result.stderr.contains("not valid JSON."))
        #expect(!result.stderr.contains(".."))
    }
}
