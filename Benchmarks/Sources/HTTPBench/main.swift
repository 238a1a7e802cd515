// One HTTP client at work, for Benchmarks/http_bench.py to time: Strata's (libcurl's multi interface, our
// loop), URLSession (FoundationNetworking), AsyncHTTPClient (SwiftNIO), or the floor: a blocking socket
// that writes the request and reads the response, reusing one connection.
//
//   HTTPBench wait CLIENT URL SECONDS   one GET to a server that never answers, until the idle timeout
//   HTTPBench get CLIENT URL COUNT      COUNT sequential GETs; prints the microseconds per request
import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StrataNetworking
import StrataURLSession

protocol BenchClient {
    /// One GET of `url`; the body's byte count. Throws on any failure, a timeout included.
    func get(_ url: URL, timeout: Double) async throws -> Int
    func close() async throws
}

struct StrataClient: BenchClient {
    let client = CurlHTTPClient()
    func get(_ url: URL, timeout: Double) async throws -> Int {
        try await client.send(HTTPRequest(url: url.absoluteString, timeout: timeout)).body.count
    }
    func close() async throws {}
}

struct URLSessionClient: BenchClient {
    let session: URLSession
    init(timeout: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout  // Linux ignores a request's own timeout
        session = URLSession(configuration: configuration)
    }
    func get(_ url: URL, timeout: Double) async throws -> Int {
        try await session.data(for: URLRequest(url: url, timeoutInterval: timeout)).0.count
    }
    func close() async throws { session.invalidateAndCancel() }
}

struct AsyncHTTPClientClient: BenchClient {
    let client = HTTPClient(eventLoopGroupProvider: .singleton)
    func get(_ url: URL, timeout: Double) async throws -> Int {
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .milliseconds(Int64(timeout * 1000)))
        return try await response.body.collect(upTo: 1 << 24).readableBytes
    }
    func close() async throws { try await client.shutdown() }
}

/// The floor: HTTP/1.1 by hand on one blocking socket, reused; the response must carry Content-Length.
final class RawClient: BenchClient {
    private var socket: Int32 = -1

    func get(_ url: URL, timeout: Double) async throws -> Int {
        if socket < 0 { socket = try connect(url, timeout: timeout) }
        let request = "GET \(url.path) HTTP/1.1\r\nHost: \(url.host ?? "127.0.0.1")\r\n\r\n"
        guard request.utf8.withContiguousStorageIfAvailable({ send(socket, $0.baseAddress, $0.count, 0) }) == request.utf8.count else {
            throw Failure("send failed")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw Failure(count == 0 ? "the server closed the connection" : "recv timed out or failed") }
            received += buffer[0..<count]
            guard let end = headEnd(received) else { continue }
            let head = String(decoding: received[0..<end], as: UTF8.self).lowercased()
            guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                  let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
                throw Failure("no Content-Length")
            }
            if received.count - end - 4 >= length { return length }
        }
    }

    func close() async throws { if socket >= 0 { Foundation.close(socket) } }

    private func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
        return nil
    }

    private func connect(_ url: URL, timeout: Double) throws -> Int32 {
        let fd = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(url.port ?? 80).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect failed") }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let url = URL(string: arguments[3]), let number = Double(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: HTTPBench wait|get strata|urlsession|asynchttpclient|raw URL SECONDS|COUNT\n".utf8))
    exit(2)
}
let timeout = arguments[1] == "wait" ? number : 10
let client: any BenchClient = switch arguments[2] {
case "strata": StrataClient()
case "urlsession": URLSessionClient(timeout: timeout)
case "asynchttpclient": AsyncHTTPClientClient()
case "raw": RawClient()
default: { FileHandle.standardError.write(Data("unknown client \(arguments[2])\n".utf8)); exit(2) }()
}
switch arguments[1] {
case "wait":
    // The server never answers: the request ends with its timeout, which is what is expected here.
    if let bytes = try? await client.get(url, timeout: timeout) { print("unexpected answer of \(bytes) bytes"); exit(1) }
case "get":
    let count = Int(number)
    _ = try await client.get(url, timeout: timeout)  // the connection is made before timing, as a client that is in use has one
    let start = ContinuousClock.now
    for _ in 0..<count { _ = try await client.get(url, timeout: timeout) }
    let elapsed = ContinuousClock.now - start
    let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    print(String(format: "%.1f", micros / Double(count)))
default:
    exit(2)
}
try await client.close()
