import Foundation
import StrataNetworking
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

    /// Listens on `endpoint` (IPv4; port 0 picks a free one), with a socket from `sockets`.
    static func listen(_ endpoint: LiveEndpoint, sockets: any TCPSockets) throws(LiveEndpointError) -> LineSocket {
        do {
            return LineSocket(descriptor: try sockets.listen(host: endpoint.host, port: endpoint.port), peer: endpoint.description)
        } catch {
            throw LiveEndpointError(reason: error)
        }
    }

    /// Connects to `endpoint` (a name or an IPv4 address), giving up after `timeout` seconds.
    static func connect(_ endpoint: LiveEndpoint, sockets: any TCPSockets, timeout: Double) throws(LiveEndpointError) -> LineSocket {
        do {
            return LineSocket(
                descriptor: try sockets.connect(host: endpoint.host, port: endpoint.port, timeoutSeconds: timeout), peer: endpoint.description)
        } catch {
            throw LiveEndpointError(reason: error)
        }
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
}

/// `HOST:PORT` as the commands take it (`10.0.0.1:7400`, `localhost:7400`): the SDK's reading, which strata
/// shares when it opens a sandboxed helper's socket for the address typed.
public typealias LiveEndpoint = TCPAddress

/// Why a connection couldn't be opened, in words for a runner.
public struct LiveEndpointError: Error, Equatable, CustomStringConvertible {
    public let reason: TCPSocketError

    public var description: String {
        switch reason {
        case .notAnAddress(let host): "\(host) is not an IPv4 address to listen on; use 0.0.0.0 for every interface or 127.0.0.1 for this machine"
        case .unknownHost(let host): "can't find the host \(host); check the name in the join line"
        case .inUse(let address): "\(address) is already in use; choose another port (or 0 for any free one)"
        case .refused(let address): "nobody is hosting at \(address) (connection refused); is the host's strata still waiting?"
        case .timedOut(let address): "\(address) didn't answer in time; check the address, and that no firewall drops the port"
        case .notGranted, .system: reason.description
        @unknown default: reason.description
        }
    }
}
