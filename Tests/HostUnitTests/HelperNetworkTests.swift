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
        #expect(throws: HelperRefusal.self) { try network.request(for: HelperFetch(id: 3, url: "http://127.0.0.1:9090/v1/chat")).get() }
        #expect(throws: HelperRefusal.self) { try network.request(for: HelperFetch(id: 4, url: "http://127.0.0.1:8080/v1?key=sk-0123456789")).get() }
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
        let open = try JSONEncoder().encode(HelperFetch(id: 7, url: "https://api.example.com/big"))
        #expect(relay.receive(.init(.streamOpen, Array(open))))

        let helper = HelperChannel(descriptor: sockets[1])
        #expect(try helper.receive().kind == .streamHead)
        var received = 0
        while received < HelperHTTPRelay.window {
            let frame = try helper.receive()
            received += HelperStreamFrames.chunk(frame.payload)?.1.count ?? 0
        }
        while !relay.isWaiting(7) { usleep(1_000) }  // polling the relay's task until it holds back
        let taken = client.taken.withLock { $0 } - 1  // the head was taken first
        #expect(taken * FloodingClient.piece <= HelperHTTPRelay.window + HelperHTTPRelay.backlog + FloodingClient.piece, "\(taken) pieces taken")
        #expect(taken < FloodingClient.pieces)

        var end: HelperWire.Frame?
        // The acknowledgements strata's reader would take from the socket.
        #expect(relay.receive(HelperStreamFrames.ack(id: 7, count: received)))
        while end == nil {
            let frame = try helper.receive()
            if frame.kind == .streamEnd { end = frame; break }
            let count = HelperStreamFrames.chunk(frame.payload)?.1.count ?? 0
            received += count
            #expect(relay.receive(HelperStreamFrames.ack(id: 7, count: count)))
        }
        #expect(received == FloodingClient.pieces * FloodingClient.piece)
        #expect(try JSONDecoder().decode(HelperFetch.Answer.self, from: Data(end?.payload ?? [])).failure == nil)
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
