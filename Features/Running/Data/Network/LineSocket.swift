import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection that carries lines, over Glibc sockets: one thread reads, any thread writes.
final class LineSocket: @unchecked Sendable {
    private let descriptor: Int32
    private let writeLock = Mutex<Void>(())
    /// Bytes read after the last complete line (touched by the reading thread only).
    private var pending = Data()
    private let closedFlag = Mutex(false)
    /// The peer's address, for messages.
    let peer: String

    private init(descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
    }

    /// The descriptor is released only here, when no thread can use it any more: closing it while
    /// another thread reads or writes could send that thread's bytes to whatever reuses the number.
    deinit { Glibc.close(descriptor) }

    // MARK: Opening

    /// Listens on `host:port` (IPv4; port 0 picks a free one).
    static func listen(host: String, port: UInt16) throws(LiveEndpointError) -> LineSocket {
        var address = try ipv4(host, port: port)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 8) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw code == EADDRINUSE ? .inUse("\(host):\(port)") : .system("bind to \(host):\(port)", code)
        }
        return LineSocket(descriptor: descriptor, peer: "\(host):\(port)")
    }

    /// Connects to `host:port` (a name or an IPv4 address), giving up after `timeout` seconds.
    static func connect(host: String, port: UInt16, timeout: Double) throws(LiveEndpointError) -> LineSocket {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { throw .unknownHost(host) }
        defer { freeaddrinfo(list) }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno) }
        var result = Glibc.connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen)
        if result != 0 && errno == EINPROGRESS {
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            if poll(&entry, 1, Int32(timeout * 1000)) == 1 {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                result = error == 0 ? 0 : -1
                errno = error
            } else {
                errno = ETIMEDOUT
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw code == ECONNREFUSED ? .refused("\(host):\(port)") : .system("connect to \(host):\(port)", code)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return LineSocket(descriptor: descriptor, peer: "\(host):\(port)")
    }

    /// The port this socket is bound to (the real one after listening on port 0).
    var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The next connection, or nil after `timeout` seconds without one.
    func accept(timeout: Double) -> LineSocket? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(max(0, timeout) * 1000)) == 1 else { return nil }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connection = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(descriptor, $0, &length) }
        }
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        var text = [UInt8](repeating: 0, count: Int(INET_ADDRSTRLEN))
        _ = text.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { inet_ntop(AF_INET, &address.sin_addr, $0.baseAddress, socklen_t($0.count)) }
        }
        let host = String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
        return LineSocket(descriptor: connection, peer: "\(host):\(UInt16(bigEndian: address.sin_port))")
    }

    // MARK: Lines

    /// Writes one frame; false when the connection is gone.
    @discardableResult
    func send(_ frame: LiveFrame) -> Bool {
        let bytes = frame.line
        return writeLock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// The next line (without its newline), waiting at most `timeout` seconds; nil on timeout.
    /// - Throws: `.closed` at the end of the stream, `.oversized` for a line over 64 KB.
    func readLine(timeout: Double) throws(LiveProtocolError) -> Data? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<end]
                pending = Data(pending[(end + 1)...])
                return Data(line)
            }
            guard pending.count <= LiveFrame.maximumLength else { throw .oversized }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { throw .closed }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .closed }
            pending.append(contentsOf: buffer[..<count])
        }
    }

    /// Ends the connection (once): the peer sees it closed, and a thread blocked reading it wakes up
    /// with `.closed`. The descriptor itself is released when the last reference goes.
    func close() {
        let wasOpen = closedFlag.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private static func ipv4(_ host: String, port: UInt16) throws(LiveEndpointError) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .notAnAddress(host) }
        return address
    }
}

/// `HOST:PORT` as the commands take it.
public struct LiveEndpoint: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `10.0.0.1:7400`, `localhost:7400`; nil for text that isn't `HOST:PORT`.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
            colon > text.startIndex
        else { return nil }
        host = String(text[..<colon])
        self.port = port
    }

    public var description: String { "\(host):\(port)" }
}

/// Why a connection couldn't be opened, for people.
public enum LiveEndpointError: Error, Equatable, CustomStringConvertible {
    case notAnAddress(String)
    case unknownHost(String)
    case inUse(String)
    case refused(String)
    case system(String, Int32)

    public var description: String {
        switch self {
        case .notAnAddress(let host): "\(host) is not an IPv4 address to listen on; use 0.0.0.0 for every interface or 127.0.0.1 for this machine"
        case .unknownHost(let host): "can't find the host \(host); check the name in the join line"
        case .inUse(let address): "\(address) is already in use; choose another port (or 0 for any free one)"
        case .refused(let address): "nobody is hosting at \(address) (connection refused); is the host's strata still waiting?"
        case .system(let what, let code): "can't \(what): \(String(cString: strerror(code)))"
        }
    }
}
