import Foundation
import StrataNetworking
@testable import StrataURLSession
import StrataTesting
import Testing

/// A client's requests share its connections: one to a host it talked to lately reuses the open one
/// instead of paying for another connection (and, over HTTPS, another TLS handshake).
@Suite struct CurlConnectionReuseTests {
    @Test func sequentialRequestsOnOneClientUseOneConnection() async throws {
        let server = try LoopbackHTTPServer(keepingConnectionsAlive: true)
        defer { server.stop() }
        let poster = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 % 247) })
        server.route("GET", "/3/search/movie", response: .json(#"{"page":1,"results":[]}"#))
        server.route("GET", "/poster.jpg", response: LoopbackResponse(headers: ["Content-Type": "image/jpeg"], body: poster))
        let client = CurlHTTPClient()

        let page = try await client.send(HTTPRequest(url: server.url("/3/search/movie?query=dune").absoluteString, timeout: 10))
        let first = try await client.send(HTTPRequest(url: server.url("/poster.jpg").absoluteString, timeout: 10))
        let second = try await client.send(HTTPRequest(url: server.url("/poster.jpg").absoluteString, timeout: 10))

        #expect(page.text == #"{"page":1,"results":[]}"#)
        #expect(first.body == Array(poster) && second.body == Array(poster))
        #expect(server.requests.map(\.path) == ["/3/search/movie", "/poster.jpg", "/poster.jpg"])
        #expect(server.acceptedConnections == 1, "each request opened a connection of its own")
    }

    @Test func aRequestAfterOneDroppedMidBodyGetsAFreshConnection() async throws {
        let server = try LoopbackHTTPServer(keepingConnectionsAlive: true)
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("GET", "/events", response: .eventStream(["data: 1\n\n", "data: 2\n\n"], pause: 0).holding(after: 1, until: gate))
        server.route("GET", "/next", response: .text("next"))
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let client = CurlHTTPClient(transferEnded: { ended.yield() })
        defer { gate.open() }

        for try await part in client.stream(HTTPRequest(url: server.url("/events").absoluteString, timeout: 60)) {
            if case .bytes = part { break }
        }
        var end = ends.makeAsyncIterator()
        await end.next()
        let next = try await client.send(HTTPRequest(url: server.url("/next").absoluteString, timeout: 10))

        #expect(next.text == "next", "the half-read connection was reused")
        #expect(server.acceptedConnections == 2)
    }
}
