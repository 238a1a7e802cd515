import Dispatch
import Foundation
import Glibc
import StrataBase
import StrataNetworking
import StrataPluginKit
import Synchronization
import Testing
@testable import StrataHost

/// What a helper's HTTP requests may reach (``HelperNetwork``), and a streamed response strata forwards to
/// a helper that doesn't read it (``HelperHTTPRelay``).
@Suite struct HelperNetworkTests {
    static let descriptor = PluginDescriptor(
        id: "x", displayName: "X", version: "1.0.0", summary: "s",
        settings: [
            .init(key: "baseURL", type: .string, defaultValue: "https://api.example.com/v1", description: "d", format: .httpURL),
            .init(key: "imagesURL", type: .string, defaultValue: "https://images.example.com", description: "d", format: .httpURL),
            .init(key: "name", type: .string, description: "d"),
        ])

    static func network(settings: String, client: (any HTTPClient)? = nil) throws -> HelperNetwork {
        let values = try JSONValue.parse(Array(settings.utf8)).value
        return HelperNetwork(
            pluginID: "x", capabilities: .init(network: ["api.example.com"], environment: ["X_KEY"]),
            chosen: ChosenHost.chosen(by: values, for: descriptor), secrets: ["sk-0123456789"]
        ) { client }
    }

    /// Only a URL setting the user wrote counts: not a default, not a setting of another format.
    @Test func theHostsChosenAreThoseOfTheURLSettingsTheConfigSets() throws {
        let network = try Self.network(settings: #"{"baseURL": "http://127.0.0.1:8080/v1", "name": "http://evil.example.org"}"#)
        #expect(network.chosen == [ChosenHost(host: "127.0.0.1", port: 8080, setting: "baseURL")])
        #expect(network.chosen.first?.sentence == "May reach 127.0.0.1:8080: your setting baseURL (no key it declared goes there).")
        #expect(try Self.network(settings: "{}").chosen.isEmpty)
    }

    /// A declared host gets the request as the plugin wrote it; the user's host gets it without the key,
    /// on its port only; a key in the address isn't sent there at all.
    @Test func theUsersHostIsReachedWithoutTheKeys() throws {
        let network = try Self.network(settings: #"{"baseURL": "http://127.0.0.1:8080/v1"}"#)
        let headers = ["Authorization": "Bearer sk-0123456789", "Accept": "text/event-stream"]
        let declared = try network.request(for: HelperFetch(id: 1, url: "https://api.example.com/v1/chat", headers: headers)).get()
        #expect(declared.headers == headers)
        let chosen = try network.request(for: HelperFetch(id: 2, url: "http://127.0.0.1:8080/v1/chat", headers: headers)).get()
        #expect(chosen.headers == ["Accept": "text/event-stream"])
        // A key in a header's name goes there no more than in its value (found by Fuzz/HelperWire).
        let named = try network.request(for: HelperFetch(id: 5, url: "http://127.0.0.1:8080/v1/chat", headers: ["X-sk-0123456789": "1", "Accept": "*/*"])).get()
        #expect(named.headers == ["Accept": "*/*"])
        // Nor when a combining mark follows it: the key and the mark are one Character, so a Character's search
        // doesn't find the key, but its bytes go out all the same (found by Fuzz/HelperWire).
        let marked = ["Authorization": "Bearer sk-0123456789\u{301}", "X-sk-0123456789\u{20DD}": "1", "Accept": "*/*"]
        #expect(try network.request(for: HelperFetch(id: 6, url: "http://127.0.0.1:8080/v1/chat", headers: marked)).get().headers == ["Accept": "*/*"])
        #expect(throws: HelperRefusal.self) { try network.request(for: HelperFetch(id: 3, url: "http://127.0.0.1:9090/v1/chat")).get() }
        #expect(throws: HelperRefusal.self) { try network.request(for: HelperFetch(id: 4, url: "http://127.0.0.1:8080/v1?key=sk-0123456789")).get() }
    }

    /// A host the config took away is the config's doing, not the plugin's: the refusal names the config's
    /// key and file (before, it said the plugin "didn't declare the host", which it did).
    @Test func aRefusalBlamesTheConfigThatTookTheDeclaredHostAway() throws {
        let network = HelperNetwork(pluginID: "notes", capabilities: .init(network: []), declared: .init(network: ["127.0.0.1"]),
                                    configSource: "/home/me/.config/strata/config.json") { nil }
        let narrowed = try #require(Self.refusal(network, "http://127.0.0.1:8080/sync"))
        #expect(narrowed.hasPrefix("notes declares the host 127.0.0.1 (\"network\" in its plugin.json), but your config takes it away "
                                   + "(features.notes.capabilities.network in /home/me/.config/strata/config.json)"), "\(narrowed)")
        #expect(!narrowed.contains("didn't declare"))

        let onePort = HelperNetwork(pluginID: "notes", capabilities: .init(network: ["127.0.0.1:8080"]),
                                    declared: .init(network: ["127.0.0.1:8080"])) { nil }
        #expect(Self.refusal(onePort, "http://127.0.0.1:9090/") == "notes declares 127.0.0.1 only as 127.0.0.1:8080 (\"network\" in "
                    + "its plugin.json), not port 9090, so strata didn't send the request")
        #expect(Self.refusal(onePort, "http://127.0.0.1:8080/") == nil, "the declared port is reached")
        #expect(try #require(Self.refusal(onePort, "http://example.com/")).hasPrefix("notes didn't declare the host example.com"))
    }

    static func refusal(_ network: HelperNetwork, _ url: String) -> String? {
        guard case .failure(let refusal) = network.request(for: HelperFetch(id: 1, url: url)) else { return nil }
        return refusal.reason
    }

    /// What strata's client threw reaches the plugin in its helper as that same error, once: not its text
    /// inside another `notConnected` ("not connected: not connected: … address.. Check …"); and a refusal is a
    /// refusal, without advice about the network.
    @Test func aFailedRequestReachesTheHelperAsTheErrorStrataGot() async throws {
        let failing = try Self.network(settings: "{}", client: FailingClient(error: .notConnected(detail: "Connection refused")))
        let error = await Self.failure(of: "https://api.example.com/v1", through: failing)
        #expect(error == .notConnected(detail: "Connection refused"))
        #expect(error?.description == "not connected: Connection refused. Check the network and the server address.")

        let refused = await Self.failure(of: "https://evil.example.org/", through: failing)
        guard case .refused(let reason)? = refused else { Issue.record("expected .refused, got \(String(describing: refused))"); return }
        #expect(reason.hasPrefix("x didn't declare the host evil.example.org"))
        #expect(refused?.description.contains("Check the network") == false)
    }

    /// #46 E-1: the reader of a helper's frames takes a request and reads on, and strata's client is made in the
    /// request's task. The first request loads that client's library on the main queue, where a screen's key
    /// waits for the frame this reader reads: made here, it held the reader until the key gave up, 5 s later.
    @Test(.timeLimit(.minutes(10))) func takingARequestDoesntWaitForStrataToMakeItsClient() async throws {
        let clientMayBeMade = DispatchSemaphore(value: 0)
        let network = HelperNetwork(pluginID: "x", capabilities: .init(network: ["api.example.com"])) {
            clientMayBeMade.wait()
            return FailingClient(error: .notConnected(detail: "Connection refused"))
        }
        var sockets: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { sockets.forEach { close($0) } }
        let relay = HelperHTTPRelay(channel: HelperChannel(descriptor: sockets[0]), network: network)
        let request = HelperToHostMessage.streamOpen(HelperFetch(id: 1, url: "https://api.example.com/v1")).frame
        let taken = DispatchSemaphore(value: 0)
        try #require(detachThread(named: "strata-side") { if relay.receive(request) { taken.signal() } })

        let readOn = taken.wait(timeout: .now() + 10) == .success
        clientMayBeMade.signal()
        #expect(readOn, "the reader waited for strata's HTTP client to be made")
        // Once made, the client answers in the request's task, and the helper gets the request's end. Waited
        // for on a thread of its own: this test's thread is one of the few the task may need, in a full run
        // where other tests hold the rest (on two cores, for minutes: a whole run once took longer than 120 s
        // to give the task a thread, so the bound is the test's own time limit, less a minute).
        let helperEnd = sockets[1]
        let answer = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HelperWire.Frame, any Error>) in
            let started = detachThread(named: "helper-side") {
                continuation.resume(with: Result { try HelperChannel(descriptor: helperEnd).receive(until: .now + .seconds(540)) })
            }
            if !started { continuation.resume(throwing: POSIXError(.EAGAIN)) }
        }
        #expect(answer.kind == .streamEnd, "\(answer.kind)")
        if !readOn { _ = taken.wait(timeout: .now() + 10) }
    }

    /// A plugin that asks for more requests at once than strata has under way for a helper (a list's 12
    /// thumbnails) gets every answer: the helper's client sends as many as strata admits, and each of the
    /// rest once one ends. (Before, strata refused the ninth and after, and the list never showed their
    /// thumbnails.)
    @Test(.timeLimit(.minutes(10))) func requestsPastWhatStrataHasUnderWayWaitInTheHelper() async throws {
        let count = HelperHTTPRelay.maximumOpen + 4
        let server = GatedClient(opensAt: HelperHTTPRelay.maximumOpen)
        let (client, sockets) = try Self.client(to: server)
        defer { sockets.forEach { shutdown($0, Int32(SHUT_RDWR)); close($0) } }
        let answers = await withTaskGroup(of: String.self) { group in
            for index in 0..<count { group.addTask { await Self.body(index, through: client) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.sorted() == (0..<count).map { "/v1/\($0)" }.sorted(), "\(answers)")
        #expect(server.mostAtOnce.withLock { $0 } == HelperHTTPRelay.maximumOpen)
    }

    /// A request that waits in the helper for one under way to end is sent once one is cancelled, and one
    /// cancelled while it waits is never sent: strata has its eight under way, and no more.
    @Test(.timeLimit(.minutes(10))) func aCancelledRequestLetsTheNextWaitingOneGo() async throws {
        let server = GatedClient(opensAt: HelperHTTPRelay.maximumOpen + 1)
        let (client, sockets) = try Self.client(to: server)
        defer { sockets.forEach { shutdown($0, Int32(SHUT_RDWR)); close($0) } }
        func request(_ index: Int) -> Task<String, Never> { Task { await Self.body(index, through: client) } }
        let underWay = (0..<HelperHTTPRelay.maximumOpen).map(request)
        await server.started(HelperHTTPRelay.maximumOpen)
        let cancelledWhileWaiting = request(100)
        let next = request(101)
        cancelledWhileWaiting.cancel()
        #expect(await cancelledWhileWaiting.value.hasPrefix("failed"))
        underWay[0].cancel()  // strata cancels it, and the first still waiting, 101, goes
        #expect(await underWay[0].value.hasPrefix("failed"))
        var answers = [await next.value]
        // Refused, 101 never reaches the server, which then answers none: end the rest rather than wait forever.
        if answers[0] != "/v1/101" { underWay.forEach { $0.cancel() } }
        for task in underWay.dropFirst() { answers.append(await task.value) }
        #expect(answers == ["/v1/101"] + (1..<HelperHTTPRelay.maximumOpen).map { "/v1/\($0)" })
        #expect(server.paths.withLock { $0 }.sorted() == ((0..<HelperHTTPRelay.maximumOpen).map { "/v1/\($0)" } + ["/v1/101"]).sorted(), "100 never sent")
    }

    /// A helper's client, with strata's relay to `server` at the other end of a socket pair, each end read on a
    /// thread of its own; the sockets, to shut down and close.
    static func client(to server: any HTTPClient) throws -> (HelperHTTPClient, sockets: [Int32]) {
        var sockets: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        let strata = HelperChannel(descriptor: sockets[0]), helper = HelperChannel(descriptor: sockets[1])
        let relay = HelperHTTPRelay(channel: strata, network: try Self.network(settings: "{}", client: server))
        let client = HelperHTTPClient(channel: helper)
        _ = detachThread(named: "strata-side") { while let frame = try? strata.receive(), relay.receive(frame) {} }
        _ = detachThread(named: "helper-side") { while let frame = try? helper.receive() { client.receive(frame) } }
        return (client, sockets)
    }

    /// The body of `/v1/index` through `client`, or `failed: ` and why.
    static func body(_ index: Int, through client: HelperHTTPClient) async -> String {
        do {
            return String(decoding: try await client.send(HTTPRequest(url: "https://api.example.com/v1/\(index)")).body, as: UTF8.self)
        } catch {
            return "failed: \(error)"
        }
    }

    /// Sends a request through a helper's client, with strata's relay at the other end of a socket pair.
    static func failure(of url: String, through network: HelperNetwork) async -> NetworkError? {
        var sockets: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0 else { return .transport("no socket pair") }
        defer { sockets.forEach { shutdown($0, Int32(SHUT_RDWR)); close($0) } }
        let strata = HelperChannel(descriptor: sockets[0]), helper = HelperChannel(descriptor: sockets[1])
        let relay = HelperHTTPRelay(channel: strata, network: network), client = HelperHTTPClient(channel: helper)
        _ = detachThread(named: "strata-side") { while let frame = try? strata.receive(), relay.receive(frame) {} }
        _ = detachThread(named: "helper-side") { while let frame = try? helper.receive() { client.receive(frame) } }
        do {
            _ = try await client.send(HTTPRequest(url: url))
            return nil
        } catch {
            return error
        }
    }

    /// A server that sends 2 MiB as fast as it can, to a helper that doesn't acknowledge: strata sends one
    /// window, takes up to its backlog from the client, and then waits, taking nothing more, until the helper
    /// acknowledges; then the rest arrives, in order, and the stream ends.
    @Test(.timeLimit(.minutes(10))) func aHelperThatDoesntReadHoldsTheResponseBackAtTheBacklog() async throws {
        // The helper's side blocks on its socket: on a thread of its own, so that the relay's tasks have the test
        // pool's two threads (in a full run, with this blocking one of them, they waited past the time limit).
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let started = detachThread(named: "helper-side") { continuation.resume(with: Result { try Self.floodAHelperThatDoesntRead() }) }
            if !started { continuation.resume(throwing: POSIXError(.EAGAIN)) }
        }
    }

    static func floodAHelperThatDoesntRead() throws {
        var sockets: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { close(sockets[0]); close(sockets[1]) }
        let client = FloodingClient()
        let relay = HelperHTTPRelay(channel: HelperChannel(descriptor: sockets[0]), network: try Self.network(settings: "{}", client: client))
        #expect(relay.receive(HelperToHostMessage.streamOpen(HelperFetch(id: 7, url: "https://api.example.com/big")).frame))

        let helper = HelperChannel(descriptor: sockets[1])
        #expect(try helper.receive().kind == .streamHead)
        var received = 0
        while received < HelperHTTPRelay.window {
            let frame = try helper.receive()
            received += Self.chunkBytes(frame)
        }
        while !relay.isWaiting(7) { usleep(1_000) }  // polling the relay's task until it holds back
        let taken = client.taken.withLock { $0 } - 1  // the head was taken first
        #expect(taken * FloodingClient.piece <= HelperHTTPRelay.window + HelperHTTPRelay.backlog + FloodingClient.piece, "\(taken) pieces taken")
        #expect(taken < FloodingClient.pieces)

        var end: HelperWire.Frame?
        // The acknowledgements strata's reader would take from the socket.
        #expect(relay.receive(HelperToHostMessage.streamAck(id: 7, count: UInt32(received)).frame))
        while end == nil {
            let frame = try helper.receive()
            if frame.kind == .streamEnd { end = frame; break }
            let count = Self.chunkBytes(frame)
            received += count
            #expect(relay.receive(HelperToHostMessage.streamAck(id: 7, count: UInt32(count)).frame))
        }
        #expect(received == FloodingClient.pieces * FloodingClient.piece)
        guard case .streamEnd(let answer)? = try end.map(HostToHelperMessage.init) else {
            Issue.record("no end")
            return
        }
        #expect(answer.failure == nil)
    }

    /// How many bytes of a response the chunk `frame` carries (0 for another frame).
    static func chunkBytes(_ frame: HelperWire.Frame) -> Int {
        guard case .streamChunk(_, let bytes)? = try? HostToHelperMessage(frame) else { return 0 }
        return bytes.count
    }
}

/// What strata's reader and the helper's do with the HTTP frames, as HelperServer and PluginHelper do.
extension HelperHTTPRelay {
    func receive(_ frame: HelperWire.Frame) -> Bool {
        switch try? HelperToHostMessage(frame) {
        case .streamOpen(let fetch)?: open(fetch)
        case .streamAck(let id, let count)?: acknowledge(id, count: count)
        case .streamCancel(let id)?: cancel(id)
        default: return false
        }
        return true
    }
}

extension HelperHTTPClient {
    func receive(_ frame: HelperWire.Frame) {
        switch try? HostToHelperMessage(frame) {
        case .streamHead(let answer)?: head(answer)
        case .streamChunk(let id, let bytes)?: chunk(id, bytes)
        case .streamEnd(let answer)?: end(answer)
        default: break
        }
    }
}

/// A server at the edge: a head, then 2 MiB in 64 KiB pieces, each as soon as it is asked for.
final class FloodingClient: HTTPClient {
    static let (piece, pieces) = (64 * 1024, 32)
    /// How many parts (the head, then pieces) strata has taken.
    let taken = Mutex(0)

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { throw .invalidRequest("only streams") }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { [self] in
            let count = taken.withLock { taken in
                defer { taken += 1 }
                return taken
            }
            switch count {
            case 0: return .head(HTTPResponse(status: 200))
            case ...Self.pieces: return .bytes([UInt8](repeating: 0x61, count: Self.piece))
            default: return nil
            }
        }
    }
}

/// A client whose every request fails with `error`, as libcurl's does when nothing listens.
struct FailingClient: HTTPClient {
    let error: NetworkError

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { throw error }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}

/// A server that answers no request until `opensAt` are under way at once, then every one at once (its
/// path as its body), and each after that as it comes.
final class GatedClient: HTTPClient {
    private let opensAt: Int
    private let state = Mutex<(underWay: Int, open: Bool, waiting: [(String, AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation)])>((0, false, []))
    /// The most requests it had under way at once, and the paths of all it was asked for.
    let mostAtOnce = Mutex(0)
    let paths = Mutex<[String]>([])
    private let startWatch = Mutex<(count: Int, CheckedContinuation<Void, Never>)?>(nil)

    /// Returns once `count` requests were asked for.
    func started(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = paths.withLock { paths in
                if paths.count >= count { return true }
                startWatch.withLock { $0 = (count, continuation) }
                return false
            }
            if now { continuation.resume() }
        }
    }

    init(opensAt: Int) { self.opensAt = opensAt }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { throw .invalidRequest("only streams") }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        let path = URL(string: request.url)?.path ?? request.url
        let watch = paths.withLock { paths in
            paths.append(path)
            return startWatch.withLock { watch in
                guard let (count, continuation) = watch, paths.count >= count else { return CheckedContinuation<Void, Never>?.none }
                watch = nil
                return continuation
            }
        }
        watch?.resume()
        return AsyncThrowingStream { [self] continuation in
            let answered = state.withLock { state in
                state.underWay += 1
                let underWay = state.underWay
                mostAtOnce.withLock { $0 = max($0, underWay) }
                state.waiting.append((path, continuation))
                if state.underWay >= opensAt { state.open = true }
                guard state.open else { return [(String, AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation)]() }
                defer { state.underWay -= state.waiting.count; state.waiting = [] }
                return state.waiting
            }
            for (path, continuation) in answered {
                continuation.yield(.head(HTTPResponse(status: 200)))
                continuation.yield(.bytes(Array(path.utf8)))
                continuation.finish()
            }
        }
    }
}
