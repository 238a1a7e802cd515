import Glibc
import StrataNetworking
import Testing

/// The sockets a plugin in process opens itself, through the kernel: each failure is the case that says what
/// a person can do, and what opens is a socket that works.
@Suite struct TCPSocketsTests {
    let sockets = KernelTCPSockets()

    /// The port a listening socket got.
    func port(of descriptor: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }

    @Test func aSocketListensAndTakesAConnection() throws {
        let listener = try sockets.listen(host: "127.0.0.1", port: 0)
        defer { close(listener) }
        let port = port(of: listener)
        #expect(port != 0, "port 0 picks a free one")
        let connection = try sockets.connect(host: "localhost", port: port, timeoutSeconds: 5)
        defer { close(connection) }
        #expect(fcntl(connection, F_GETFL) & O_NONBLOCK == 0, "blocking, as a caller expects")
        #expect(fcntl(connection, F_GETFD) & FD_CLOEXEC != 0)
        #expect(send(connection, "hi", 2, 0) == 2)
        let accepted = accept(listener, nil, nil)
        defer { close(accepted) }
        var bytes = [UInt8](repeating: 0, count: 2)
        #expect(recv(accepted, &bytes, 2, Int32(MSG_WAITALL)) == 2 && bytes == Array("hi".utf8))
        #expect(throws: TCPSocketError.inUse("127.0.0.1:\(port)")) { _ = try sockets.listen(host: "127.0.0.1", port: port) }
    }

    @Test func eachFailureSaysWhichItIs() throws {
        #expect(throws: TCPSocketError.notAnAddress("localhost")) { _ = try sockets.listen(host: "localhost", port: 0) }
        #expect(throws: TCPSocketError.unknownHost("no-such-host.invalid")) {
            _ = try sockets.connect(host: "no-such-host.invalid", port: 1, timeoutSeconds: 1)
        }
        // A port nobody listens on: a socket bound and closed again.
        let listener = try sockets.listen(host: "127.0.0.1", port: 0)
        let port = port(of: listener)
        close(listener)
        #expect(throws: TCPSocketError.refused("127.0.0.1:\(port)")) { _ = try sockets.connect(host: "127.0.0.1", port: port, timeoutSeconds: 1) }
    }

    @Test func anAddressIsHostAndPort() {
        #expect(TCPAddress("10.0.0.5:7400") == TCPAddress(host: "10.0.0.5", port: 7400))
        #expect(TCPAddress("localhost:0")?.description == "localhost:0")
        for text in ["7400", ":7400", "host:", "host:65536", "host:-1", "host:74 00", "ABCDEF"] { #expect(TCPAddress(text) == nil, "\(text)") }
    }
}
