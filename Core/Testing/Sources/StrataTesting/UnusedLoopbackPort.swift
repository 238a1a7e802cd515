import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 where nothing listens: connecting to it is refused at once.
///
/// The port stays bound (but never listening) for as long as this object lives, so no other test or
/// server can take it in the meantime.
public final class UnusedLoopbackPort: Sendable {
    /// The port.
    public let port: UInt16
    private let fd: Int32

    /// Reserves a port.
    /// - Throws: `LoopbackServerError` if no socket can be bound.
    public init() throws(LoopbackServerError) {
        (fd, port) = try LoopbackSocket.bindEphemeral()
    }

    deinit { close(fd) }

    /// `http://127.0.0.1:<port>`: any request to it fails with "connection refused".
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
}
