import Foundation
import StrataNetworking
@testable import StrataURLSession
import StrataTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A client's thread lives as long as the client: released, it ends once its last transfer has.
@Suite struct CurlWorkerLifetimeTests {
    @Test(.timeLimit(.minutes(1)))
    func aReleasedClientEndsItsThread() async throws {
        let server = try LoopbackHTTPServer(keepingConnectionsAlive: true)
        defer { server.stop() }
        server.route("GET", "/hello", response: .text("hello"))
        let (endings, ending) = AsyncStream<Int32?>.makeStream()
        var client: CurlHTTPClient? = CurlHTTPClient(transferEnded: {}, threadEnding: { ending.yield(Self.currentThreadID()) })
        let response = try await client?.send(HTTPRequest(url: server.url("/hello").absoluteString, timeout: 10))
        #expect(response?.text == "hello")

        client = nil
        var iterator = endings.makeAsyncIterator()
        let ended = await iterator.next()

        let thread = try #require(ended ?? nil, "the worker's thread could not read its own id")
        #expect(await Self.becomesTrue { access("/proc/self/task/\(thread)", F_OK) != 0 }, "thread \(thread) still runs")
    }

    @Test(.timeLimit(.minutes(1)))
    func aClientReleasedWhileItsStreamIsReadFinishesTheStreamThenEndsItsThread() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let gate = try LoopbackGate()
        server.route("GET", "/events", response: .eventStream(["data: 1\n\n", "data: 2\n\n"], pause: 0).holding(after: 1, until: gate))
        let (endings, ending) = AsyncStream<Void>.makeStream()
        var client: CurlHTTPClient? = CurlHTTPClient(transferEnded: {}, threadEnding: { ending.yield() })
        let stream = try #require(client?.stream(HTTPRequest(url: server.url("/events").absoluteString, timeout: 60)))
        var parts = stream.makeAsyncIterator()
        _ = try await parts.next() // the head: the transfer runs

        client = nil
        gate.open()
        var received = Data()
        while let part = try await parts.next() {
            if case .bytes(let bytes) = part { received.append(contentsOf: bytes) }
        }
        var iterator = endings.makeAsyncIterator()
        await iterator.next()

        #expect(String(decoding: received, as: UTF8.self) == "data: 1\n\ndata: 2\n\n", "releasing the client cut its stream short")
    }

    /// The calling thread's id, from `/proc/thread-self` (`<pid>/task/<tid>`).
    private static func currentThreadID() -> Int32? {
        var path = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &path, path.count - 1)
        guard length > 0 else { return nil }
        let target = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.split(separator: "/").last.flatMap { Int32($0) }
    }

    /// Whether `condition` holds within 10 seconds, checked every millisecond: a bounded wait for a
    /// thread's exit, which nothing signals.
    private static func becomesTrue(_ condition: () -> Bool) async -> Bool {
        let giveUp = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < giveUp {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
