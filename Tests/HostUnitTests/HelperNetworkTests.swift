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
        #expect(throws: HelperRefusal.self) { try network.request(for: HelperFetch(id: 3, url: "http://127.0.0.1:9090/v1/chat")).get() }
        #expect(throws: HelperRefusal.self) { try network.request(for: HelperFetch(id: 4, url: "http://127.0.0.1:8080/v1?key=sk-0123456789")).get() }
    }

    /// A server that sends 2 MiB at once, to a helper that never acknowledges: strata sends one window, holds
    /// up to its backlog, then cancels the request and ends the stream saying why (it held nothing more).
    @Test(.timeLimit(.minutes(2))) func aHelperThatDoesntReadHasItsStreamCancelledPastTheBacklog() throws {
        var sockets: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { close(sockets[0]); close(sockets[1]) }
        let client = FloodingClient()
        let streams = HelperHTTPRelay(channel: HelperChannel(descriptor: sockets[0]), network: try Self.network(settings: "{}", client: client))
        let open = try JSONEncoder().encode(HelperFetch(id: 7, url: "https://api.example.com/big"))
        #expect(streams.receive(.init(.streamOpen, Array(open))))

        let helper = HelperChannel(descriptor: sockets[1])
        var chunked = 0
        var frame = try helper.receive()
        #expect(frame.kind == .streamHead)
        frame = try helper.receive()
        while frame.kind == .streamChunk {
            chunked += HelperStreamFrames.chunk(frame.payload)?.1.count ?? 0
            frame = try helper.receive()
        }
        #expect(chunked == HelperHTTPRelay.window)
        #expect(frame.kind == .streamEnd)
        let end = try JSONDecoder().decode(HelperFetch.Answer.self, from: Data(frame.payload))
        #expect(end.failure == "x's helper stopped reading the response from api.example.com: more than 1024 KiB waited, so strata cancelled the request")
        while !client.cancelled.withLock({ $0 }) { usleep(1_000) }  // polling the stream's task, which ends at once
    }
}

/// A server at the edge: a head, then 2 MiB in 64 KiB pieces as fast as they can go.
final class FloodingClient: HTTPClient {
    let cancelled = Mutex(false)

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { throw .invalidRequest("only streams") }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { continuation in
            continuation.onTermination = { [self] _ in cancelled.withLock { $0 = true } }
            continuation.yield(.head(HTTPResponse(status: 200)))
            for _ in 0..<32 { continuation.yield(.bytes([UInt8](repeating: 0x61, count: 64 * 1024))) }
        }
    }
}
