import Foundation
import StrataNetworking
@testable import StrataURLSession
import StrataTesting
import Testing

/// What the libcurl client does beyond the `HTTPClient` contract the other suites check through
/// `DataTransferService`: the wire details URLSession took care of, redirects, and whole bodies.
@Suite struct CurlHTTPClientTests {
    @Test func aBodyOfManyReadsArrivesWholeAndInOrder() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }) // 1 MiB, no 16 KiB read alike
        server.route("GET", "/big", response: LoopbackResponse(body: body))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/big").absoluteString, timeout: 10))

        #expect(response.status == 200)
        #expect(response.body.count == body.count)
        #expect(response.body == Array(body))
    }

    @Test func aChunkedResponseStreamsItsHeadOnceThenEveryByteInOrder() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 253) })
        server.route("GET", "/chunks", response: LoopbackResponse(headers: ["X-Trace": "c-1"], body: body).inPieces(of: 7_000, pause: 0))

        var parts: [HTTPStreamPart] = []
        for try await part in CurlHTTPClient().stream(HTTPRequest(url: server.url("/chunks").absoluteString, timeout: 10)) { parts.append(part) }

        guard case .head(let head)? = parts.first else {
            Issue.record("the first part is not the head: \(String(describing: parts.first))")
            return
        }
        #expect(head.status == 200 && head.header("x-trace") == "c-1" && head.header("transfer-encoding") == "chunked")
        var received = Data()
        for part in parts.dropFirst() {
            guard case .bytes(let bytes) = part else {
                Issue.record("a second head arrived")
                continue
            }
            received.append(contentsOf: bytes)
        }
        #expect(received == body)
    }

    @Test func aRedirectIsFollowedAndOnlyTheFinalResponseIsDelivered() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/old", response: .text("moved", status: 302, headers: ["Location": "/new?page=2", "X-Hop": "1"]))
        server.route("GET", "/new", response: .text("arrived", headers: ["X-Final": "yes"]))

        var heads: [HTTPResponse] = []
        var body = Data()
        for try await part in CurlHTTPClient().stream(HTTPRequest(url: server.url("/old").absoluteString, timeout: 10)) {
            switch part {
            case .head(let head): heads.append(head)
            case .bytes(let bytes): body.append(contentsOf: bytes)
            @unknown default: Issue.record("a part this client doesn't send: \(part)")
            }
        }

        #expect(heads.map(\.status) == [200])
        #expect(heads.first?.header("x-final") == "yes")
        #expect(heads.first?.header("x-hop") == nil, "the redirect's headers were mixed into the response")
        #expect(String(decoding: body, as: UTF8.self) == "arrived")
        #expect(server.requests.map(\.path) == ["/old", "/new"])
        #expect(server.requests.last?.query["page"] == "2")
    }

    @Test func aPostAnswered303IsFollowedWithAGet() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/submit", response: .text("see other", status: 303, headers: ["Location": "/result"]))
        server.route("GET", "/result", response: .json(#"{"ok":true}"#))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/submit").absoluteString, method: "POST", body: Array("q=1".utf8), timeout: 10))

        #expect(response.status == 200)
        #expect(response.text == #"{"ok":true}"#)
        #expect(server.requests.map(\.method) == ["POST", "GET"])
    }

    @Test func aRedirectToAnotherHostDoesNotCarryTheAuthorizationHeader() async throws {
        let target = try LoopbackHTTPServer()
        defer { target.stop() }
        target.route("GET", "/elsewhere", response: .text("there"))
        let origin = try LoopbackHTTPServer()
        defer { origin.stop() }
        origin.route("GET", "/start", response: .text("", status: 302, headers: ["Location": "http://localhost:\(target.port)/elsewhere"]))

        let request = HTTPRequest(url: origin.url("/start").absoluteString, headers: ["Authorization": "Bearer secret", "X-Trace": "t-9"], timeout: 10)
        let response = try await CurlHTTPClient().send(request)

        #expect(response.text == "there")
        #expect(origin.requests.first?.header("authorization") == "Bearer secret")
        let forwarded = try #require(target.requests.first)
        #expect(forwarded.header("authorization") == nil, "the key went to another host")
        #expect(forwarded.header("x-trace") == "t-9")
    }

    @Test func endlessRedirectsFailNamingThem() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/loop", response: .text("", status: 302, headers: ["Location": "/loop"]))

        let error = await #expect(throws: NetworkError.self) {
            try await CurlHTTPClient().send(HTTPRequest(url: server.url("/loop").absoluteString, timeout: 10))
        }

        guard case .transport(let detail)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("redirect"), "\(detail)")
        #expect(server.requests(to: "/loop").count == 21)
    }

    @Test func aHeadRequestGetsTheHeadAndNoBody() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("HEAD", "/file", response: .text("twelve bytes", headers: ["X-Trace": "h-1"]))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/file").absoluteString, method: "HEAD", timeout: 10))

        #expect(response.status == 200)
        #expect(response.header("content-length") == "12")
        #expect(response.header("x-trace") == "h-1")
        #expect(response.body.isEmpty)
        #expect(server.requests.first?.method == "HEAD")
    }

    @Test func aLargeBodyIsSentAtOnceWithoutAskingToContinue() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("PUT", "/upload", response: .text("stored"))
        let body = (0..<((1 << 20) + 4096)).map { UInt8(truncatingIfNeeded: $0 % 241) } // libcurl asks past 1 MiB

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/upload").absoluteString, method: "PUT",
                                                                   headers: ["Content-Type": "application/octet-stream"], body: body, timeout: 10))

        #expect(response.text == "stored")
        let received = try #require(server.requests.first)
        #expect(received.header("expect") == nil)
        #expect(received.header("content-length") == "\(body.count)")
        #expect(received.body == Data(body))
    }

    @Test func aPostWithoutABodySendsAnEmptyOne() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/ping", response: .text("pong"))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/ping").absoluteString, method: "POST", timeout: 10))

        #expect(response.text == "pong")
        #expect(server.requests.first?.header("content-length") == "0")
    }

    @Test func aGzipBodyIsOfferedAndDecoded() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let gzipped = Data([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0xca, 0x4d, 0x2d, 0x2e, 0x4e, 0x4c,
                            0x4f, 0x55, 0xb2, 0x52, 0x4a, 0x49, 0x4d, 0xce, 0x4f, 0x49, 0x4d, 0x51, 0x48, 0xaa, 0x54, 0xc8, 0xc9, 0x4c,
                            0x4a, 0x2e, 0x2d, 0xca, 0x51, 0xaa, 0x05, 0x00, 0x20, 0xee, 0xd2, 0xc6, 0x20, 0x00, 0x00, 0x00])
        server.route("GET", "/zipped", response: LoopbackResponse(headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: gzipped))

        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/zipped").absoluteString, timeout: 10))

        #expect(response.text == #"{"message":"decoded by libcurl"}"#)
        #expect(server.requests.first?.header("accept-encoding")?.contains("gzip") == true)
    }

    @Test func aRefusedConnectionIsNotConnectedNamingTheAddress() async throws {
        let unused = try UnusedLoopbackPort()

        let error = await #expect(throws: NetworkError.self) {
            try await CurlHTTPClient().send(HTTPRequest(url: unused.baseURL.absoluteString, timeout: 10))
        }

        guard case .notConnected(let detail)? = error else {
            Issue.record("expected .notConnected, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("127.0.0.1") && detail.contains("\(unused.port)") && detail.contains("Connection refused"), "\(detail)")
    }
}
