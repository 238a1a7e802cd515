import Foundation
import StrataNetworking
import StrataTesting
import Testing

@Suite struct DataTransferServiceTests {
    @Test func decodesTheDTOAndSendsTheServiceQueryAndHeaders() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(pageJSON))
        var service = DataTransferService.loopback(server.baseURL)
        service.headers = ["Authorization": "Bearer secret-token"]
        service.query = [QueryItem(name: "language", value: "en-US")]

        let result = try await service.request(searchEndpoint)

        #expect(result == page)
        let received = try #require(server.requests(to: searchPath).first)
        #expect(received.method == "GET")
        #expect(received.query == ["language": "en-US", "query": "dune"])
        #expect(received.header("authorization") == "Bearer secret-token")
    }

    @Test func baseURLWithAPathKeepsItAndEncodesQueryValues() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/3/search/movie", response: .json(pageJSON))
        let service = DataTransferService.loopback(server.url("/api"))
        let endpoint = Endpoint<MoviesPageDTO>(path: "3/search/movie", query: [QueryItem(name: "query", value: "amélie & co?")])

        _ = try await service.request(endpoint)

        #expect(server.requests.first?.path == "/api/3/search/movie")
        #expect(server.requests.first?.query["query"] == "amélie & co?")
    }

    @Test func aPlusInAQueryValueReachesTheServerAsAPlus() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(pageJSON))
        let endpoint = Endpoint<MoviesPageDTO>(path: "3/search/movie", query: [QueryItem(name: "query", value: "c++ 1+1=2")])

        _ = try await DataTransferService.loopback(server.baseURL).request(endpoint)

        #expect(server.requests.first?.query["query"] == "c++ 1+1=2")
    }

    @Test func postJSONSendsTheEncodedBody() async throws {
        struct Message: Codable, Equatable { let role: String; let content: String }
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat", response: .json(#"{"role":"assistant","content":"hi"}"#))
        let endpoint = try Endpoint<Message>.postJSON(path: "v1/chat", body: Message(role: "user", content: "hello \"world\""))

        let answer = try await DataTransferService.loopback(server.baseURL).request(endpoint)

        #expect(answer == Message(role: "assistant", content: "hi"))
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.header("content-type") == "application/json")
        #expect(try JSONDecoder().decode(Message.self, from: received.body) == Message(role: "user", content: "hello \"world\""))
    }

    @Test func nonSuccessStatusIsAnHTTPErrorEvenWhenItsBodyIsJSONOfAnotherShape() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#
        server.route("GET", searchPath, response: .json(body, status: 401))

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL).request(searchEndpoint)
        }

        guard case .httpStatus(let response)? = error else {
            Issue.record("expected .httpStatus, got \(String(describing: error))")
            return
        }
        #expect(response.status == 401)
        #expect(response.text == body)
        #expect(response.header("Content-Type") == "application/json")
    }

    @Test func nonSuccessStatusIsAnHTTPErrorEvenWhenItsBodyWouldDecode() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(pageJSON, status: 404))

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL).request(searchEndpoint)
        }

        guard case .httpStatus(let response)? = error else {
            Issue.record("expected .httpStatus, got \(String(describing: error))")
            return
        }
        #expect(response.status == 404)
    }

    @Test func decodingErrorNamesTheMissingKeyPath() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(#"{"page":1,"results":[{"id":1,"title":"Dune"},{"id":2}]}"#))

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL).request(searchEndpoint)
        }

        guard case .decoding(let keyPath, let detail)? = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(keyPath == "results[1].title")
        #expect(detail.contains("title"))
        #expect(error?.description.contains("results[1].title") == true)
    }

    @Test func decodingErrorNamesTheMistypedKeyPath() throws {
        let data = Array(#"{"page":1,"results":[{"id":"one","title":"Dune"}]}"#.utf8)

        #expect(throws: NetworkError.decoding(keyPath: "results[0].id", detail: "expected Int")) {
            try DataTransferService.decode(MoviesPageDTO.self, from: data)
        }
    }

    @Test func bodyThatIsNotJSONIsADecodingErrorAtTheRoot() throws {
        let error = #expect(throws: NetworkError.self) {
            try DataTransferService.decode(MoviesPageDTO.self, from: Array("<html>oops</html>".utf8))
        }
        guard case .decoding(let keyPath, _)? = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(keyPath == "(root)")
    }

    @Test func largeBodyArrivingInPiecesIsAssembledWhole() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let titles = (0..<3000).map { #"{"id":\#($0),"title":"Movie number \#($0)"}"# }
        let json = #"{"page":7,"results":["# + titles.joined(separator: ",") + "]}"
        server.route("GET", searchPath, response: .json(json).inPieces(of: 16 * 1024, pause: 0.01, chunked: false))

        let result = try await DataTransferService.loopback(server.baseURL).request(searchEndpoint)

        #expect(result.page == 7)
        #expect(result.results.count == 3000)
        #expect(result.results.last == .init(id: 2999, title: "Movie number 2999"))
    }
}
