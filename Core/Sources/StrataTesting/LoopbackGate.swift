import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-way gate a test opens to let a held response go on (see `LoopbackResponse.holding(after:until:)`).
///
/// It lets a test check what a client does with the first part of a response while the server
/// provably holds the rest, without guessing at timing.
public final class LoopbackGate: Sendable {
    let readFD: Int32
    private let writeFD: Int32
    private let opened = Locked(false)

    /// Creates a closed gate.
    /// - Throws: `LoopbackServerError` if the system has no file descriptors left.
    public init() throws(LoopbackServerError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw LoopbackServerError(operation: "pipe", code: errno) }
        readFD = fds[0]
        writeFD = fds[1]
        _ = fcntl(readFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeFD, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Opens the gate: every response held by it goes on. Opening twice does nothing more.
    public func open() {
        let first = opened.withLock { opened in
            defer { opened = true }
            return !opened
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Whether `open()` has been called.
    public var isOpen: Bool { opened.withLock { $0 } }
}
