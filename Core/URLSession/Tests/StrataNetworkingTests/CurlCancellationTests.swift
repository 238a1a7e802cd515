import Foundation
import StrataNetworking
@testable import StrataURLSession
import StrataTesting
import Testing

/// Cancelling ends the transfer itself, not only the stream: the client reports each transfer's end, and
/// it must come while the server still holds the rest of its answer.
@Suite struct CurlCancellationTests {
    @Test(.timeLimit(.minutes(1)))
    func cancellingARequestWaitingOnASilentServerEndsItsTransfer() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        server.route("GET", "/silent") { _ in
            arrived.yield()
            return .text("late").delayed(by: 600)
        }
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let client = CurlHTTPClient(transferEnded: { ended.yield() })
        let request = Task { try await client.send(HTTPRequest(url: server.url("/silent"), timeout: 600)) }
        var arrival = arrivals.makeAsyncIterator()
        await arrival.next()

        request.cancel()

        await #expect(throws: NetworkError.cancelled) { try await request.value }
        var end = ends.makeAsyncIterator()
        await end.next()
    }

    @Test func droppingAStreamMidBodyEndsItsTransferWhileTheServerHoldsTheRest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("GET", "/events", response: .eventStream(["data: 1\n\n", "data: 2\n\n"], pause: 0).holding(after: 1, until: gate))
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let client = CurlHTTPClient(transferEnded: { ended.yield() })
        // Only a safety net so that a transfer that goes on fails the test instead of hanging it.
        let safetyNet = Task {
            try await Task.sleep(for: .seconds(20))
            gate.open()
        }
        defer { safetyNet.cancel() }

        let firstBytes = try await Self.firstBytes(of: client.stream(HTTPRequest(url: server.url("/events"), timeout: 60)))
        var end = ends.makeAsyncIterator()
        await end.next()

        #expect(firstBytes == Data("data: 1\n\n".utf8))
        #expect(!gate.isOpen, "the transfer ended only once the server sent the rest")
        gate.open()
    }

    @Test func cancellingTheTaskReadingAStreamEndsItsTransferWhileTheServerHoldsTheRest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("GET", "/events", response: .eventStream(["data: 1\n\n", "data: 2\n\n"], pause: 0).holding(after: 1, until: gate))
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let (firsts, first) = AsyncStream<Void>.makeStream()
        let client = CurlHTTPClient(transferEnded: { ended.yield() })
        let safetyNet = Task {
            try await Task.sleep(for: .seconds(20))
            gate.open()
        }
        defer { safetyNet.cancel() }
        let reader = Task {
            var received = Data()
            for try await part in client.stream(HTTPRequest(url: server.url("/events"), timeout: 60)) {
                if case .bytes(let bytes) = part {
                    received.append(bytes)
                    first.yield()
                }
            }
            return received
        }
        var firstArrival = firsts.makeAsyncIterator()
        await firstArrival.next()

        reader.cancel()
        var end = ends.makeAsyncIterator()
        await end.next()

        #expect(!gate.isOpen, "the transfer ended only once the server sent the rest")
        #expect(try await reader.value == Data("data: 1\n\n".utf8))
        gate.open()
    }

    /// Reads `stream` up to its first body bytes, then lets it go.
    private static func firstBytes(of stream: AsyncThrowingStream<HTTPStreamPart, any Error>) async throws -> Data? {
        for try await part in stream {
            if case .bytes(let bytes) = part { return bytes }
        }
        return nil
    }
}
