import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection: reads an HTTP/1.1 request and writes its response, then the server closes it
/// or, keeping it alive, reads the next request.
struct LoopbackConnection {
    let fd: Int32
    let stop: StopSignal
    private var buffer: [UInt8] = []
    private static let headerLimit = 1 << 20

    init(fd: Int32, stop: StopSignal) {
        self.fd = fd
        self.stop = stop
    }

    // MARK: Reading

    /// The next request, or `nil` if the client closed, sent garbage, or the server stops.
    mutating func readRequest() -> LoopbackRequest? {
        var headEnd = endOfHead()
        while headEnd == nil {
            guard buffer.count < Self.headerLimit, fill() else { return nil }
            headEnd = endOfHead()
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            guard LoopbackSocket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: fd, unless: stop) else { return nil }
        }
        let body: [UInt8]
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let decoded = readChunkedBody() else { return nil }
            body = decoded
        } else if let length = headers["content-length"].flatMap({ Int($0) }), length > 0 {
            guard let bytes = read(count: length) else { return nil }
            body = bytes
        } else {
            body = []
        }
        let target = requestLine[1]
        let components = URLComponents(string: target.hasPrefix("/") ? "http://127.0.0.1\(target)" : target)
        return LoopbackRequest(
            method: requestLine[0], path: components?.path ?? target,
            queryItems: Self.formDecoded(components?.percentEncodedQuery), headers: headers, body: Data(body))
    }

    /// The query decoded as servers do (`application/x-www-form-urlencoded`): `+` is a space, `%2B` a plus.
    static func formDecoded(_ query: String?) -> [URLQueryItem] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return URLQueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
        }
    }

    private func endOfHead() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Reads more bytes into the buffer; `false` at the end of the stream, on error, or when stopping.
    private mutating func fill() -> Bool {
        guard stop.wait(readable: fd, seconds: nil) == .ready else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 && errno == EINTR { return true }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private mutating func read(count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    private mutating func readLine() -> String? {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard buffer.count < Self.headerLimit, fill() else { return nil }
        }
    }

    private mutating func readChunkedBody() -> [UInt8]? {
        var body: [UInt8] = []
        while true {
            guard let sizeLine = readLine(),
                let size = Int(sizeLine.split(separator: ";").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16)
            else { return nil }
            if size == 0 { break }
            guard let bytes = read(count: size), readLine() != nil else { return nil }
            body += bytes
        }
        while let trailer = readLine(), !trailer.isEmpty {}
        return body
    }

    // MARK: Writing

    /// Writes `response` as the answer to a `method` request, saying `Connection: close` unless
    /// `keepingAlive`; stops early if the client goes away or the server stops.
    /// - Returns: whether the whole response went out, so that the connection may serve another.
    @discardableResult
    func write(_ response: LoopbackResponse, method: String, keepingAlive: Bool = false) -> Bool {
        if response.delay > 0, stop.wait(readable: nil, seconds: response.delay) == .stopped { return false }
        let hasBody = method != "HEAD" && response.status >= 200 && response.status != 204 && response.status != 304
        let names = Set(response.headers.keys.map { $0.lowercased() })
        var head = "HTTP/1.1 \(response.status) \(LoopbackResponse.reason(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let chunked = response.pieces != nil && response.isChunked
        if chunked {
            if !names.contains("transfer-encoding") { head += "Transfer-Encoding: chunked\r\n" }
        } else if !names.contains("content-length") && response.status >= 200 && response.status != 204 && response.status != 304 {
            head += "Content-Length: \(response.body.count)\r\n"
        }
        if !names.contains("connection") && !keepingAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        guard LoopbackSocket.write(Array(head.utf8), to: fd, unless: stop) else { return false }
        guard hasBody else { return true }
        guard let pieces = response.pieces else {
            if let gate = response.gate, stop.wait(readable: gate.readFD, seconds: nil) == .stopped { return false }
            return LoopbackSocket.write(response.body, to: fd, unless: stop)
        }
        for (index, piece) in pieces.enumerated() {
            if index == response.heldAfter, let gate = response.gate, stop.wait(readable: gate.readFD, seconds: nil) == .stopped {
                return false
            }
            if index > 0, response.pause > 0, stop.wait(readable: nil, seconds: response.pause) == .stopped { return false }
            let framed = chunked ? Data(String(piece.count, radix: 16).utf8) + Data("\r\n".utf8) + piece + Data("\r\n".utf8) : piece
            guard LoopbackSocket.write(framed, to: fd, unless: stop) else { return false }
        }
        if response.isCutOff { return false }
        return !chunked || LoopbackSocket.write(Array("0\r\n\r\n".utf8), to: fd, unless: stop)
    }
}
