import Foundation
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing

@Suite struct TransportErrorTests {
    @Test func aServerSlowerThanTheEndpointTimeoutIsTimedOut() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(pageJSON).delayed(by: 6))
        var endpoint = searchEndpoint
        endpoint.timeout = 0.5
        let start = ContinuousClock.now

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL, timeout: 30).request(endpoint)
        }

        #expect(error == .timedOut(seconds: 0.5))
        #expect(ContinuousClock.now - start < .seconds(4), "the 0.5 s timeout was not honoured")
    }

    @Test func theServiceTimeoutAppliesWhenTheEndpointHasNone() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(pageJSON).delayed(by: 6))

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL, timeout: 0.5).request(searchEndpoint)
        }

        #expect(error == .timedOut(seconds: 0.5))
        #expect(error?.isTransient == true)
    }

    @Test func aRefusedConnectionIsNotConnected() async throws {
        let unused = try UnusedLoopbackPort()

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(unused.baseURL).request(searchEndpoint)
        }

        guard case .notConnected? = error else {
            Issue.record("expected .notConnected, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    @Test func cancellingTheCallingTaskCancelsTheRequest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        server.route("GET", searchPath) { _ in
            arrived.yield()
            return LoopbackResponse.json(pageJSON).delayed(by: 10)
        }
        let service = DataTransferService.loopback(server.baseURL)
        let task = Task { try await service.request(searchEndpoint) }
        await expectCancelledAtOnceInFlight(task, arrivals: arrivals)
    }

    @Test func theClientAnswersEveryStatusWithAResponse() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("DELETE", "/items/7", response: .text("gone", status: 410, headers: ["X-Trace": "abc"]))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/items/7").absoluteString, method: "DELETE", timeout: 5))

        #expect(response.status == 410)
        #expect(response.text == "gone")
        #expect(response.header("x-trace") == "abc")
        #expect(server.requests.first?.method == "DELETE")
    }

    @Test func aRequestMadeByAnAlreadyCancelledTaskIsCancelled() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(pageJSON).delayed(by: 10))
        let service = DataTransferService.loopback(server.baseURL, timeout: 30)
        await expectCancelledAtOnceWhenAlreadyCancelled { try await service.request(searchEndpoint) }
    }

    @Test func aChunkedBodyTheServerCutsIsReportedInStratasWords() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/events", response: .eventStream(["data: one\n\n", "data: tw"], pause: 0).cutOff())

        var received = Data()
        let error = await #expect(throws: NetworkError.self) {
            for try await part in CurlHTTPClient().stream(HTTPRequest(url: server.url("/events").absoluteString, timeout: 10)) {
                if case .bytes(let bytes) = part { received.append(contentsOf: bytes) }
            }
        }

        #expect(String(decoding: received, as: UTF8.self) == "data: one\n\ndata: tw", "what arrived is delivered")
        #expect(error == .transport("the server closed the connection before its answer was complete"))
    }
}
