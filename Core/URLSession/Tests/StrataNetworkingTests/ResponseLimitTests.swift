import Foundation
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing

/// Every response is read up to its request's `maxResponseBytes`, counted after decoding: a small gzip
/// body that decodes to gigabytes, or a stream that never ends, stops there with `NetworkError.tooLarge`.
@Suite struct ResponseLimitTests {
    private static let gzip = ["Content-Encoding": "gzip", "Content-Type": "application/json"]

    @Test func aGzipBombStopsAtTheLimitHavingDeliveredNoMore() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let bomb = gzipZeros(count: 100_000_000, checksummed: false) // 100 MB decoded from some 630 KB
        server.route("GET", "/bomb", response: LoopbackResponse(headers: Self.gzip, body: bomb))

        var delivered = 0
        let error = await #expect(throws: NetworkError.self) {
            for try await part in CurlHTTPClient().stream(HTTPRequest(url: server.url("/bomb").absoluteString, timeout: 10, maxResponseBytes: 1_000_000)) {
                if case .bytes(let bytes) = part { delivered += bytes.count }
            }
        }

        #expect(error == .tooLarge(limit: 1_000_000))
        #expect(delivered > 0 && delivered <= 1_000_000, "\(delivered) bytes delivered")
    }

    @Test func aWholeResponseOverTheLimitThrowsInWords() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/bomb", response: LoopbackResponse(headers: Self.gzip, body: gzipZeros(count: 100_000_000, checksummed: false)))
        let service = DataTransferService(client: CurlHTTPClient(), baseURL: server.baseURL.absoluteString, timeout: 10,
                                          maxResponseBytes: 2_000_000, retry: .never)

        let error = await #expect(throws: NetworkError.self) { try await service.response(Endpoint<Data>(path: "bomb")) }

        #expect(error == .tooLarge(limit: 2_000_000))
        #expect(error?.description == "the server's answer passed 2 MB; strata stopped reading it")
    }

    @Test func anEndpointsOwnLimitOverridesTheServices() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/page", response: .json(String(repeating: " ", count: 5_000) + "{}"))
        let service = DataTransferService.loopback(server.baseURL)

        let error = await #expect(throws: NetworkError.self) {
            try await service.response(Endpoint<Data>(path: "page", maxResponseBytes: 4_096))
        }

        #expect(error == .tooLarge(limit: 4_096))
        #expect(try await service.response(Endpoint<Data>(path: "page")).body.count == 5_002)
    }

    @Test func aBodyOfExactlyTheLimitArrivesWhole() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/zeros", response: LoopbackResponse(headers: Self.gzip, body: gzipZeros(count: 100_000)))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/zeros").absoluteString, timeout: 10, maxResponseBytes: 100_000))

        #expect(response.body == [UInt8](repeating: 0, count: 100_000))
    }

    @Test func anEndlessStreamStopsAtTheLimit() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let line = Data(repeating: UInt8(ascii: "a"), count: 64_000)
        server.route("GET", "/events", response: LoopbackResponse(headers: ["Content-Type": "text/event-stream"])
            .inPieces(Array(repeating: line, count: 200), pause: 0)) // 12.8 MB in one line, no line break

        var delivered = 0
        let error = await #expect(throws: NetworkError.self) {
            for try await part in CurlHTTPClient().stream(HTTPRequest(url: server.url("/events").absoluteString, timeout: 10, maxResponseBytes: 500_000)) {
                if case .bytes(let bytes) = part { delivered += bytes.count }
            }
        }

        #expect(error == .tooLarge(limit: 500_000))
        #expect(delivered <= 500_000, "\(delivered) bytes delivered")
    }

    @Test func sizesAreWordedInDecimalUnits() {
        #expect(NetworkError.tooLarge(limit: HTTPRequest.defaultMaxResponseBytes).description
            == "the server's answer passed 32 MB; strata stopped reading it")
        #expect(NetworkError.tooLarge(limit: 1_500).description == "the server's answer passed 1.5 KB; strata stopped reading it")
    }
}
