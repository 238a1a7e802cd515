import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Speaks HTTP over a plain socket to check what `LoopbackHTTPServer` puts on the wire.
enum RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to 127.0.0.1:`port` and returns everything the server wrote until it closed.
    static func exchange(_ request: String, port: UInt16) throws -> String {
        let fd = try send(request, port: port)
        defer { close(fd) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 { throw Failure(description: "recv: errno \(errno)") }
            if count == 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Connects to 127.0.0.1:`port`, sends `request` and returns the open socket without reading from it.
    static func send(_ request: String, port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard connect(fd, port: port), Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            let code = errno
            close(fd)
            throw Failure(description: "connect or send: errno \(code)")
        }
        return fd
    }

    /// Whether connecting to 127.0.0.1:`port` is refused.
    static func isRefused(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return !connect(fd, port: port) && errno == ECONNREFUSED
    }

    /// Connects `fd` to 127.0.0.1:`port`; `errno` says why when it answers false.
    private static func connect(_ fd: Int32, port: UInt16) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
