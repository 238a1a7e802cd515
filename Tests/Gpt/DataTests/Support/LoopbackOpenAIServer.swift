import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A fake OpenAI server on 127.0.0.1 and an ephemeral port, started inside a test. It answers requests
/// with scripted responses, in order, and records every request. An unscripted request gets a 500 whose
/// message names it, so the test fails loudly.
final class LoopbackOpenAIServer: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String] = ["Content-Type": "application/json"]
        var body: Data
        /// When set, the body goes out in chunked encoding, this many bytes per write, so the client reads
        /// it in pieces.
        var pieceSize: Int?

        static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Response {
            Response(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(body.utf8))
        }

        static func events(_ body: String, pieceSize: Int) -> Response {
            Response(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8"], body: Data(body.utf8), pieceSize: pieceSize)
        }
    }

    struct Request: Sendable {
        let method: String
        let path: String
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data

        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    private struct State {
        var responses: [Response]
        var requests: [Request] = []
        var stopped = false
    }

    let port: UInt16
    private let listener: Int32
    private let state: Mutex<State>

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }
    var requests: [Request] { state.withLock { $0.requests } }

    init(_ responses: [Response]) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        state = Mutex(State(responses: responses))
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting connections and ends the accept thread (which keeps the server alive until then,
    /// so a server is never torn down while a test's request is still on its way). Call it once done.
    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var noDelay: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        guard let request = readRequest(client) else { return }
        let response: Response = state.withLock { state in
            state.requests.append(request)
            if state.responses.isEmpty {
                let message = "LoopbackOpenAIServer: unexpected request \(state.requests.count): \(request.method) \(request.path)"
                return .json(500, #"{"error": {"message": "\#(message)", "type": "test", "code": null}}"#)
            }
            return state.responses.removeFirst()
        }
        write(response, to: client)
    }

    private func readRequest(_ client: Int32) -> Request? {
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard let bytes = receive(client) else { return nil }
            buffer.append(bytes)
            headEnd = buffer.range(of: separator)
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: client) }
        var body = Data(buffer[headEnd.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected, let bytes = receive(client) { body.append(bytes) }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }

    private func receive(_ client: Int32) -> Data? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = recv(client, &chunk, chunk.count, 0)
        return count > 0 ? Data(chunk[0..<count]) : nil
    }

    private func write(_ response: Response, to client: Int32) {
        var head = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n"
        if let pieceSize = response.pieceSize {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            sendAll(Data(head.utf8), to: client)
            var offset = response.body.startIndex
            while offset < response.body.endIndex {
                let end = min(offset + pieceSize, response.body.endIndex)
                var piece = Data((String(end - offset, radix: 16) + "\r\n").utf8)
                piece.append(response.body[offset..<end])
                piece.append(contentsOf: "\r\n".utf8)
                sendAll(piece, to: client)
                offset = end
            }
            sendAll(Data("0\r\n\r\n".utf8), to: client)
        } else {
            head += "Content-Length: \(response.body.count)\r\n\r\n"
            sendAll(Data(head.utf8) + response.body, to: client)
        }
    }

    private func sendAll(_ data: Data, to client: Int32) {
        data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = send(client, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return }
                sent += count
            }
        }
    }
}
