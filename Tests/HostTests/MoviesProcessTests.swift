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

    @Test(.timeLimit(.minutes(2)))
    func aFailedFreshSearchAfterACachedPageShowsThePageAndTheErrorAndExits1() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let failure = LoopbackResponse.json(#"{"status_code":11,"status_message":"Internal error.","success":false}"#, status: 500)
        server.route("GET", "/3/search/movie", responses: [.json(Self.page), failure, failure])
        let sandbox = try Self.tmdbSandbox(server)

        let first = try sandbox.strata(["movies", "search", "fight club"], environment: Self.key)
        #expect(first.status == 0)
        let second = try sandbox.strata(["movies", "search", "fight club"], environment: Self.key)
        #expect(second.status == 1, "the search failed, even though a saved page was shown")
        #expect(second.stdout.contains("Fight Club"))
        #expect(second.stderr.contains("HTTP 500") && second.stderr.contains("showing the page saved by an earlier search"))

        let json = try sandbox.strata(["movies", "search", "fight club", "--json"], environment: Self.key)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["stale"] as? Bool == true)
    }

    @Test(.timeLimit(.minutes(2)))
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
