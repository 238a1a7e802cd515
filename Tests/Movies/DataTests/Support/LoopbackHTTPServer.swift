import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests: one request per connection,
/// answered by `handler`, which sees every request in order.
final class LoopbackHTTPServer: Sendable {
    struct Request: Sendable {
        let method: String
        /// The path with its query, as sent: `/3/search/movie?query=Fight%20Club&page=1`.
        let target: String
        /// Header fields, names lowercased.
        let headers: [String: String]

        /// The query items of `target`.
        var queryItems: [String: String] {
            let items = URLComponents(string: target)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        }

        var path: String { URLComponents(string: target)?.path ?? target }
    }

    enum Reply: Sendable {
        /// Answers with a status, header fields and a body.
        case respond(status: Int, headers: [String: String] = [:], body: Data)
        /// Reads the request and never answers (until the server stops), to make the client time out.
        case hang
    }

    private let listener: Int32
    /// The port the server listens on.
    let port: Int
    private let handler: @Sendable (Request, Int) -> Reply
    private let state = Mutex<(requests: [Request], open: Set<Int32>, stopped: Bool)>(([], [], false))

    /// Starts listening; `handler` gets each request and its 0-based number.
    convenience init(handler: @escaping @Sendable (Request, Int) -> Reply) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw ServerError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        self.init(listener: listener, port: Self.localPort(listener), handler: handler)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    private init(listener: Int32, port: Int, handler: @escaping @Sendable (Request, Int) -> Reply) {
        self.listener = listener
        self.port = port
        self.handler = handler
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The requests received so far, in order.
    var requests: [Request] { state.withLock { $0.requests } }

    /// Stops listening and closes every connection still open (ending `.hang`s).
    func stop() {
        let sockets: Set<Int32>? = state.withLock { state in
            if state.stopped { return nil }
            state.stopped = true
            return state.open
        }
        guard let sockets else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, read, released), for "connection refused".
    static func unusedPort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServerError("bind failed: errno \(errno)") }
        return localPort(socket)
    }

    private static func localPort(_ socket: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let accepted = state.withLock { state in
                if state.stopped { return false }
                state.open.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            state.withLock { _ = $0.open.remove(connection) }
            close(connection)
        }
        guard let request = readRequest(connection) else { return }
        let number = state.withLock { state in
            state.requests.append(request)
            return state.requests.count - 1
        }
        switch handler(request, number) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            if headers.keys.first(where: { $0.lowercased() == "content-type" }) == nil {
                head += "Content-Type: application/json;charset=utf-8\r\n"
            }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            writeAll(connection, Data((head + "\r\n").utf8) + body)
        case .hang:
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while data.range(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
        guard let end = data.range(of: terminator) else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    private func writeAll(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
