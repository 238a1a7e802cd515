import Foundation
import StrataNetworking
@testable import StrataURLSession
import StrataTesting
import Testing

/// A client's transfers run side by side on its one thread: none waits for another, and ending one
/// leaves the others running.
@Suite struct CurlConcurrentTransfersTests {
    @Test func aFastRequestCompletesWhileASlowOneOnTheSameClientWaits() async throws {
        let server = try LoopbackHTTPServer(keepingConnectionsAlive: true)
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("GET", "/slow", response: .text("slow").holding(until: gate))
        server.route("GET", "/fast", response: .text("fast"))
        let client = CurlHTTPClient()
        let safetyNet = Self.opening(gate)
        defer { safetyNet.cancel() }

        var slow = client.stream(HTTPRequest(url: server.url("/slow").absoluteString, timeout: 60)).makeAsyncIterator()
        guard case .head(let slowHead)? = try await slow.next() else {
            Issue.record("the slow response did not start with its head")
            return
        }
        let fast = try await client.send(HTTPRequest(url: server.url("/fast").absoluteString, timeout: 10))

        #expect(!gate.isOpen, "the fast request completed only once the slow one could")
        #expect(fast.text == "fast" && slowHead.status == 200)
        gate.open()
        var slowBody = Data()
        while let part = try await slow.next() {
            if case .bytes(let bytes) = part { slowBody.append(contentsOf: bytes) }
        }
        #expect(String(decoding: slowBody, as: UTF8.self) == "slow")
    }

    @Test func cancellingOneOfTwoTransfersEndsOnlyThatOne() async throws {
        let server = try LoopbackHTTPServer(keepingConnectionsAlive: true)
        defer { server.stop() }
        let gateA = try LoopbackGate()
        let gateB = try LoopbackGate()
        server.route("GET", "/a", response: .eventStream(["data: a1\n\n", "data: a2\n\n"], pause: 0).holding(after: 1, until: gateA))
        server.route("GET", "/b", response: .eventStream(["data: b1\n\n", "data: b2\n\n"], pause: 0).holding(after: 1, until: gateB))
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let client = CurlHTTPClient(transferEnded: { ended.yield() })
        let safetyNets = [Self.opening(gateA), Self.opening(gateB)]
        defer { safetyNets.forEach { $0.cancel() } }
        let (firstsA, firstA) = AsyncStream<Void>.makeStream()
        let (firstsB, firstB) = AsyncStream<Void>.makeStream()
        let readerA = Self.reader(of: client.stream(HTTPRequest(url: server.url("/a").absoluteString, timeout: 60)), signalling: firstA)
        let readerB = Self.reader(of: client.stream(HTTPRequest(url: server.url("/b").absoluteString, timeout: 60)), signalling: firstB)
        var arrivalA = firstsA.makeAsyncIterator()
        var arrivalB = firstsB.makeAsyncIterator()
        await arrivalA.next()
        await arrivalB.next()

        readerA.cancel()
        var end = ends.makeAsyncIterator()
        await end.next() // B can't end before its gate opens: this is A's end

        #expect(!gateA.isOpen && !gateB.isOpen)
        #expect(try await readerA.value == "data: a1\n\n")
        gateB.open()
        #expect(try await readerB.value == "data: b1\n\ndata: b2\n\n", "cancelling A ended B too")
        gateA.open()
    }

    /// Reads `stream` to its end as text, yielding to `first` when its first bytes arrive.
    private static func reader(of stream: AsyncThrowingStream<HTTPStreamPart, any Error>,
                               signalling first: AsyncStream<Void>.Continuation) -> Task<String, any Error> {
        Task {
            var received = Data()
            for try await part in stream {
                if case .bytes(let bytes) = part {
                    received.append(contentsOf: bytes)
                    first.yield()
                }
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    /// Only a safety net, so that a client that holds one transfer behind another fails instead of hanging:
    /// the gate opens itself late.
    private static func opening(_ gate: LoopbackGate) -> Task<Void, any Error> {
        Task {
            try await Task.sleep(for: .seconds(20))
            gate.open()
        }
    }
}
