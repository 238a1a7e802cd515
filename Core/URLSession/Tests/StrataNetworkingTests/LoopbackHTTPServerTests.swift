import Foundation
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The test server itself: what it puts on the wire and what it records.
@Suite struct LoopbackHTTPServerTests {
    @Test func aResponseCarriesItsStatusHeadersAndLength() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/hello", response: .text("hello", status: 201, headers: ["X-Trace": "t-1"]))

        let wire = try RawHTTPClient.exchange("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)

        #expect(wire.hasPrefix("HTTP/1.1 201 Created\r\n"))
        #expect(wire.contains("\r\nContent-Length: 5\r\n"))
        #expect(wire.contains("\r\nX-Trace: t-1\r\n"))
        #expect(wire.contains("\r\nConnection: close\r\n"))
        #expect(wire.hasSuffix("\r\n\r\nhello"))
    }

    @Test func piecesGoOutAsHTTPChunks() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/events", response: .eventStream(["data: a", "bc\n\n"], pause: 0.01))

        let wire = try RawHTTPClient.exchange("GET /events HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)

        #expect(wire.contains("\r\nTransfer-Encoding: chunked\r\n"))
        #expect(wire.contains("\r\nContent-Type: text/event-stream\r\n"))
        #expect(wire.hasSuffix("\r\n\r\n7\r\ndata: a\r\n4\r\nbc\n\n\r\n0\r\n\r\n"))
    }

    @Test func anUnroutedRequestGets404NamingIt() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/known", response: .text("ok"))

        let wire = try RawHTTPClient.exchange("POST /known HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", port: server.port)

        #expect(wire.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(wire.hasSuffix("no route for POST /known"))
        #expect(server.requests.map(\.method) == ["POST"])
    }

    @Test func itRecordsMethodPathQueryHeadersAndAChunkedBody() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("PUT", "/items/a b", response: .text("stored"))
        let request = "PUT /items/a%20b?q=caf%C3%A9+au+lait%2B&page=2&page=3&flag HTTP/1.1\r\nHost: x\r\nX-Api-Key: k\r\nX-Api-Key: k2\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\n\r\n"

        let wire = try RawHTTPClient.exchange(request, port: server.port)

        #expect(wire.hasSuffix("stored"))
        let recorded = try #require(server.requests.first)
        #expect(recorded.method == "PUT")
        #expect(recorded.path == "/items/a b")
        #expect(recorded.queryItems == [URLQueryItem(name: "q", value: "café au lait+"), URLQueryItem(name: "page", value: "2"),
                                        URLQueryItem(name: "page", value: "3"), URLQueryItem(name: "flag", value: nil)])
        #expect(recorded.query == ["q": "café au lait+", "page": "3", "flag": ""])
        #expect(recorded.header("X-API-KEY") == "k, k2")
        #expect(recorded.bodyText == "hello world")
    }

    @Test func successiveResponsesAreServedInTurnAndTheLastRepeats() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/n", responses: [.text("1"), .text("2")])
        let client = CurlHTTPClient()

        var bodies: [String] = []
        for _ in 0..<3 { bodies.append(try await client.send(HTTPRequest(url: server.url("/n").absoluteString, timeout: 5)).text) }

        #expect(bodies == ["1", "2", "2"])
        #expect(server.requests(to: "/n").count == 3)
        #expect(server.acceptedConnections == 3, "a server that closes after each response was reused")
    }

    @Test func aServerKeepingConnectionsAliveServesTheNextRequestOnTheSameConnection() throws {
        let server = try LoopbackHTTPServer(keepingConnectionsAlive: true)
        defer { server.stop() }
        server.route("GET", "/n", responses: [.text("1"), .text("2")])

        let wire = try RawHTTPClient.exchange("GET /n HTTP/1.1\r\nHost: x\r\n\r\nGET /n HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                                              port: server.port)

        #expect(wire.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(wire.contains("\r\n\r\n1HTTP/1.1 200 OK\r\n"), "the first response did not leave the connection open")
        #expect(wire.components(separatedBy: "\r\nConnection: close\r\n").count == 2,
                "only the answer to the request that asked to close says so")
        #expect(wire.hasSuffix("\r\n\r\n2"))
        #expect(server.requests(to: "/n").count == 2)
        #expect(server.acceptedConnections == 1)
    }

    @Test func stoppingEndsAPendingDelayAtOnce() async throws {
        let server = try LoopbackHTTPServer()
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        server.route("GET", "/slow") { _ in
            arrived.yield()
            return .text("late").delayed(by: 60)
        }
        let client = CurlHTTPClient()
        let request = Task { try await client.send(HTTPRequest(url: server.url("/slow").absoluteString, timeout: 120)) }
        var iterator = arrivals.makeAsyncIterator()
        await iterator.next()
        let start = ContinuousClock.now

        server.stop()
        let result = await request.result

        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(throws: NetworkError.self) { try result.get() }
        #expect(RawHTTPClient.isRefused(port: server.port))
    }

    @Test func stoppingDoesNotWaitForAClientThatStoppedReading() throws {
        let server = try LoopbackHTTPServer()
        let handled = DispatchSemaphore(value: 0)
        server.route("GET", "/big") { _ in
            handled.signal()
            return LoopbackResponse(body: Data(count: 32 << 20))
        }
        let fd = try RawHTTPClient.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
        defer { close(fd) }
        #expect(handled.wait(timeout: .now() + 10) == .success)
        let start = ContinuousClock.now

        server.stop()

        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func anUnusedPortRefusesConnections() throws {
        let unused = try UnusedLoopbackPort()

        #expect(RawHTTPClient.isRefused(port: unused.port))
        #expect(unused.baseURL.absoluteString == "http://127.0.0.1:\(unused.port)")
    }

    @Test func httpDatesAreFormattedForHeaders() {
        #expect(LoopbackResponse.httpDate(Date(timeIntervalSince1970: 1_445_412_480)) == "Wed, 21 Oct 2015 07:28:00 GMT")
    }
}
