import Foundation
import StrataBase
import StrataNetworking
import StrataTesting
import Testing

@Suite struct RetryTests {
    @Test func tooManyRequestsIsRetriedAfterTheRetryAfterSeconds() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, responses: [
            .json(#"{"status_message":"Your request count (41) is over the allowed limit of 40."}"#, status: 429, headers: ["Retry-After": "3"]),
            .json(pageJSON),
        ])
        let recorder = DelayRecorder()

        let result = try await DataTransferService.loopback(server.baseURL, retry: .standard, sleep: recorder.sleep).request(searchEndpoint)

        #expect(result == page)
        #expect(recorder.delays == [3])
        #expect(server.requests(to: searchPath).count == 2)
    }

    @Test func serviceUnavailableIsRetriedWithExponentialBackoff() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, responses: [.text("busy", status: 503), .text("busy", status: 503), .json(pageJSON)])
        let recorder = DelayRecorder()
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: 0.25)

        let result = try await DataTransferService.loopback(server.baseURL, retry: policy, sleep: recorder.sleep).request(searchEndpoint)

        #expect(result == page)
        #expect(recorder.delays == [0.25, 0.5])
        #expect(server.requests(to: searchPath).count == 3)
    }

    @Test func retriesAreBoundedAndTheLastStatusIsThrown() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .text("still busy", status: 503))
        let recorder = DelayRecorder()

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL, retry: .standard, sleep: recorder.sleep).request(searchEndpoint)
        }

        guard case .httpStatus(let response)? = error else {
            Issue.record("expected .httpStatus, got \(String(describing: error))")
            return
        }
        #expect(response.status == 503)
        #expect(response.text == "still busy")
        #expect(server.requests(to: searchPath).count == RetryPolicy.standard.maxAttempts)
        #expect(recorder.delays.count == RetryPolicy.standard.maxAttempts - 1)
    }

    @Test(arguments: [400, 401, 404, 500])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .text("no", status: status))

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL, retry: .standard).request(searchEndpoint)
        }

        guard case .httpStatus(let response)? = error else {
            Issue.record("expected .httpStatus, got \(String(describing: error))")
            return
        }
        #expect(response.status == status)
        #expect(server.requests(to: searchPath).count == 1)
    }

    @Test func retryAfterGivenAsAnHTTPDateIsWaitedUntilThatDate() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let retryAt = Date().addingTimeInterval(10)
        server.route("GET", searchPath, responses: [
            .text("later", status: 429, headers: ["Retry-After": LoopbackResponse.httpDate(retryAt)]),
            .json(pageJSON),
        ])
        let recorder = DelayRecorder()
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: 0.5, maxDelay: 60)

        _ = try await DataTransferService.loopback(server.baseURL, retry: policy, sleep: recorder.sleep).request(searchEndpoint)

        let delay = try #require(recorder.delays.first)
        #expect(recorder.delays.count == 1)
        #expect((5...10).contains(delay), "the wait until an HTTP-date 10 s ahead was \(delay) s")
    }

    @Test func retryAfterBeyondTheLongestAcceptedWaitIsNotWaitedFor() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, responses: [.text("come back in an hour", status: 429, headers: ["Retry-After": "3600"]), .json(pageJSON)])

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL, retry: .standard).request(searchEndpoint)
        }

        #expect(error.map(\.isHTTPStatus) == true)
        #expect(server.requests(to: searchPath).count == 1)
    }

    @Test func retryAfterParsesSecondsAndHTTPDates() {
        let now = Timestamp(secondsSince1970: 1_445_412_472) // Wed, 21 Oct 2015 07:27:52 GMT
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == 8)
        #expect(RetryPolicy.retryAfterSeconds(" 120 ", now: now) == 120)
        #expect(RetryPolicy.retryAfterSeconds("1.5", now: now) == 1.5)
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)
        #expect(RetryPolicy.retryAfterSeconds("soon", now: now) == nil)
    }

    @Test func policyBacksOffExponentiallyAndStopsAtMaxAttempts() {
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: 1)
        let busy = HTTPResponse(status: 503)
        #expect(policy.delay(after: busy, attempt: 1) == 1)
        #expect(policy.delay(after: busy, attempt: 2) == 2)
        #expect(policy.delay(after: busy, attempt: 3) == 4)
        #expect(policy.delay(after: busy, attempt: 4) == nil)
        #expect(policy.delay(after: HTTPResponse(status: 500), attempt: 1) == nil)
        #expect(RetryPolicy.never.delay(after: busy, attempt: 1) == nil)
    }

    @Test func aCancelledWaitEndsTheRequestAsCancelled() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, responses: [.text("busy", status: 503), .json(pageJSON)])

        let error = await #expect(throws: NetworkError.self) {
            try await DataTransferService.loopback(server.baseURL, retry: .standard, sleep: { _ in throw CancellationError() })
                .request(searchEndpoint)
        }

        #expect(error == .cancelled)
        #expect(server.requests(to: searchPath).count == 1)
    }
}

extension NetworkError {
    var isHTTPStatus: Bool {
        if case .httpStatus = self { true } else { false }
    }
}
