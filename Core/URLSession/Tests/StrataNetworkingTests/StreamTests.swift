import Foundation
import StrataNetworking
import StrataTesting
import Testing

@Suite struct StreamTests {
    let eventsPath = "/v1/chat/completions"
    let events = Endpoint<String>(path: "v1/chat/completions", method: "POST", body: Array(#"{"stream":true}"#.utf8))
    let pieces = [#"data: {"delta":"Hel"#, "lo\"}\n", "\n", #"data: {"delta":", world"}"# + "\n\n", "data: [DONE]\n\n"]

    @Test func streamDeliversAChunkedSlowBodyInOrder() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", eventsPath, response: .eventStream(pieces, pause: 0.05))
        let service = DataTransferService.loopback(server.baseURL, timeout: 5)

        var chunks: [[UInt8]] = []
        for try await chunk in try await service.stream(events) { chunks.append(chunk) }

        #expect(String(decoding: chunks.reduce([], +), as: UTF8.self) == pieces.joined())
        #expect(chunks.count > 1, "the body arrived in one piece: the stream buffered it")
        #expect(server.requests.first?.bodyText == #"{"stream":true}"#)
    }

    @Test func streamDeliversTheFirstBytesWhileTheServerStillHoldsTheRest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("POST", eventsPath, response: .eventStream(pieces, pause: 0).holding(after: 1, until: gate))
        let service = DataTransferService.loopback(server.baseURL, timeout: 30)
        // Only a safety net so that a buffering client fails instead of hanging: the gate opens itself late.
        let safetyNet = Task {
            try await Task.sleep(for: .seconds(20))
            gate.open()
        }
        defer { safetyNet.cancel() }

        var iterator = try await service.stream(events).makeAsyncIterator()
        let first = try #require(try await iterator.next())

        #expect(!gate.isOpen, "the first bytes arrived only after the server sent the rest")
        #expect(!first.isEmpty && Data(pieces[0].utf8).starts(with: first))
        gate.open()
        var received = first
        while let chunk = try await iterator.next() { received.append(contentsOf: chunk) }
        #expect(String(decoding: received, as: UTF8.self) == pieces.joined())
    }

    @Test func aStreamOutlivesTheServiceAndClientThatOpenedIt() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", eventsPath, response: .eventStream(pieces, pause: 0.05))

        // Nothing but the stream keeps the service and its client alive.
        let stream = try await DataTransferService.loopback(server.baseURL).stream(events)
        var received = Data()
        for try await chunk in stream { received.append(contentsOf: chunk) }

        #expect(String(decoding: received, as: UTF8.self) == pieces.joined())
    }

    @Test func aNonSuccessStreamHeadThrowsHTTPStatusWithItsBody() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = #"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}"#
        server.route("POST", eventsPath, response: .json(body, status: 401))

        let error = await #expect(throws: NetworkError.self) {
            _ = try await DataTransferService.loopback(server.baseURL).stream(events)
        }

        guard case .httpStatus(let response)? = error else {
            Issue.record("expected .httpStatus, got \(String(describing: error))")
            return
        }
        #expect(response.status == 401)
        #expect(response.text == body)
    }

    @Test func aStreamAnswered429IsRetriedAfterRetryAfter() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", eventsPath, responses: [
            .json(#"{"error":"rate limited"}"#, status: 429, headers: ["Retry-After": "2"]),
            .eventStream(pieces, pause: 0.01),
        ])
        let recorder = DelayRecorder()
        let service = DataTransferService.loopback(server.baseURL, retry: .standard, sleep: recorder.sleep)

        var received = Data()
        for try await chunk in try await service.stream(events) {
            received.append(contentsOf: chunk)
        }

        #expect(String(decoding: received, as: UTF8.self) == pieces.joined())
        #expect(recorder.delays == [2])
        #expect(server.requests(to: eventsPath).count == 2)
    }

    @Test func aStreamWhoseHeadComesTooLateIsTimedOut() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", eventsPath, response: .eventStream(pieces, pause: 0).delayed(by: 6))
        var endpoint = events
        endpoint.timeout = 0.5

        let error = await #expect(throws: NetworkError.self) {
            _ = try await DataTransferService.loopback(server.baseURL).stream(endpoint)
        }

        #expect(error == .timedOut(seconds: 0.5))
    }

    @Test func aStreamSlowerInTotalThanTheTimeoutButNeverSilentThatLongCompletes() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let slowPieces = (1...8).map { "data: \($0)\n\n" }
        server.route("POST", eventsPath, response: .eventStream(slowPieces, pause: 0.2))
        var endpoint = events
        endpoint.timeout = 1

        var received = Data()
        for try await chunk in try await DataTransferService.loopback(server.baseURL).stream(endpoint) { received.append(contentsOf: chunk) }

        #expect(String(decoding: received, as: UTF8.self) == slowPieces.joined())
    }

    @Test func aStreamThatFallsSilentMidBodyEndsTimedOut() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("POST", eventsPath, response: .eventStream(pieces, pause: 0).holding(after: 1, until: gate))
        var endpoint = events
        endpoint.timeout = 0.5
        let service = DataTransferService.loopback(server.baseURL)
        // Only a safety net so that a client without a timeout fails instead of hanging.
        let safetyNet = Task {
            try await Task.sleep(for: .seconds(10))
            gate.open()
        }
        defer { safetyNet.cancel() }

        var received = Data()
        let error = await #expect(throws: NetworkError.self) {
            for try await chunk in try await service.stream(endpoint) { received.append(contentsOf: chunk) }
        }

        #expect(error == .timedOut(seconds: 0.5))
        #expect(String(decoding: received, as: UTF8.self) == pieces[0])
        gate.open()
    }

    @Test func cancellingBeforeTheHeadArrivesIsCancelled() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        server.route("POST", eventsPath) { [pieces] _ in
            arrived.yield()
            return .eventStream(pieces, pause: 0).delayed(by: 10)
        }
        let service = DataTransferService.loopback(server.baseURL)
        let task = Task { try await service.stream(events) }
        await expectCancelledAtOnceInFlight(task, arrivals: arrivals)
    }

    @Test func aStreamOpenedByAnAlreadyCancelledTaskIsCancelled() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", eventsPath, response: .eventStream(pieces, pause: 0).delayed(by: 10))
        let service = DataTransferService.loopback(server.baseURL, timeout: 30)
        await expectCancelledAtOnceWhenAlreadyCancelled { try await service.stream(events) }
    }
}
