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
        let request = Task { try await client.send(HTTPRequest(url: server.url("/silent").absoluteString, timeout: 600)) }
        var arrival = arrivals.makeAsyncIterator()
        await arrival.next()

        request.cancel()

        await #expect(throws: NetworkError.cancelled) { try await request.value }
        var end = ends.makeAsyncIterator()
        await end.next()
    }

    /// An event stream that sends its first event and holds the rest until `gate` opens, and a client that
    /// reports each transfer's end.
    struct HeldStream {
        let server: LoopbackHTTPServer
        let gate: LoopbackGate
        let client: CurlHTTPClient
        let ends: AsyncStream<Void>
        /// Only a safety net, so that a transfer that goes on fails the test instead of hanging it.
        let safetyNet: Task<Void, any Error>

        init() throws {
            server = try LoopbackHTTPServer()
            let gate = try LoopbackGate()
            self.gate = gate
            server.route("GET", "/events", response: .eventStream(["data: 1\n\n", "data: 2\n\n"], pause: 0).holding(after: 1, until: gate))
            let (ends, ended) = AsyncStream<Void>.makeStream()
            self.ends = ends
            client = CurlHTTPClient(transferEnded: { ended.yield() })
            safetyNet = Task {
                try await Task.sleep(for: .seconds(20))
                gate.open()
            }
        }

        var events: AsyncThrowingStream<HTTPStreamPart, any Error> { client.stream(HTTPRequest(url: server.url("/events").absoluteString, timeout: 60)) }

        func waitForTheTransferToEnd() async {
            var end = ends.makeAsyncIterator()
            await end.next()
        }

        func stop() {
            safetyNet.cancel()
            gate.open()
            server.stop()
        }
    }

    @Test func droppingAStreamMidBodyEndsItsTransferWhileTheServerHoldsTheRest() async throws {
        let held = try HeldStream()
        defer { held.stop() }

        let firstBytes = try await Self.firstBytes(of: held.events)
        await held.waitForTheTransferToEnd()

        #expect(firstBytes == Array("data: 1\n\n".utf8))
        #expect(!held.gate.isOpen, "the transfer ended only once the server sent the rest")
    }

    @Test func cancellingTheTaskReadingAStreamEndsItsTransferWhileTheServerHoldsTheRest() async throws {
        let held = try HeldStream()
        defer { held.stop() }
        let (firsts, first) = AsyncStream<Void>.makeStream()
        let reader = Task {
            var received = Data()
            for try await part in held.events {
                if case .bytes(let bytes) = part {
                    received.append(contentsOf: bytes)
                    first.yield()
                }
            }
            return received
        }
        var firstArrival = firsts.makeAsyncIterator()
        await firstArrival.next()

        reader.cancel()
        await held.waitForTheTransferToEnd()

        #expect(!held.gate.isOpen, "the transfer ended only once the server sent the rest")
        #expect(try await reader.value == Data("data: 1\n\n".utf8))
    }

    /// Reads `stream` up to its first body bytes, then lets it go.
    private static func firstBytes(of stream: AsyncThrowingStream<HTTPStreamPart, any Error>) async throws -> [UInt8]? {
        for try await part in stream {
            if case .bytes(let bytes) = part { return bytes }
        }
        return nil
    }
}
