import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a loopback socket couldn't be set up: the system call and the system's reason.
public struct LoopbackServerError: Error, Sendable, CustomStringConvertible {
    /// The call that failed, e.g. `bind`.
    public let operation: String
    /// The `errno` it left.
    public let code: Int32

    /// What failed and why, in a sentence.
    public var description: String {
        "LoopbackHTTPServer: \(operation) failed: \(String(cString: strerror(code))) (errno \(code)). Check that 127.0.0.1 is available in this sandbox."
    }
}

/// The POSIX calls the server and `UnusedLoopbackPort` share.
enum LoopbackSocket {
    /// A TCP socket bound to 127.0.0.1 on a port the kernel picks; returns the socket and the port.
    static func bindEphemeral() throws(LoopbackServerError) -> (fd: Int32, port: UInt16) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackServerError(operation: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError(operation: "bind 127.0.0.1:0", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError(operation: "getsockname", code: code)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Writes all of `bytes`; `false` if the peer went away or `stop` fired while the peer wasn't reading.
    static func write(_ bytes: some Collection<UInt8>, to fd: Int32, unless stop: StopSignal) -> Bool {
        let data = Array(bytes)
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + offset, data.count - offset, noSignal | dontWait)
            }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    guard stop.wait(for: fd, events: Int16(POLLOUT), seconds: nil) == .ready else { return false }
                    continue
                }
                return false
            }
            offset += sent
        }
        return true
    }

    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    private static let dontWait = Int32(MSG_DONTWAIT)
    #else
    private static let noSignal: Int32 = 0
    private static let dontWait = MSG_DONTWAIT
    #endif
}

/// A one-shot signal that wakes every thread of the server blocked in `wait` (a self-pipe).
final class StopSignal: Sendable {
    private let pipe: SelfPipe

    enum Outcome { case ready, stopped, timedOut }

    init() throws(LoopbackServerError) {
        pipe = try SelfPipe()
    }

    /// Wakes every waiter, now and later.
    func fire() { pipe.signal() }

    /// Waits until `fd` is readable, the signal fires, or `seconds` pass (`nil`: no limit).
    func wait(readable fd: Int32?, seconds: Double?) -> Outcome {
        wait(for: fd, events: Int16(POLLIN), seconds: seconds)
    }

    /// Waits until `fd` is ready for `events` (`POLLIN`, `POLLOUT`), the signal fires, or `seconds` pass.
    func wait(for fd: Int32?, events: Int16, seconds: Double?) -> Outcome {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        while true {
            var fds = [pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
            if let fd { fds.append(pollfd(fd: fd, events: events, revents: 0)) }
            let timeout: Int32 = deadline.map { Int32(max(0, min(Double(Int32.max), $0.timeIntervalSinceNow * 1000).rounded(.up))) } ?? -1
            let count = poll(&fds, nfds_t(fds.count), timeout)
            if count < 0 {
                if errno == EINTR { continue }
                return .stopped
            }
            if fds[0].revents != 0 { return .stopped }
            if count > 0 { return .ready }
            if let deadline, deadline.timeIntervalSinceNow <= 0 { return .timedOut }
        }
    }

    /// Closes the pipe; call once no thread waits any more.
    func closePipe() { pipe.closeEnds() }
}
