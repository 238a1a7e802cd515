import Foundation
import Synchronization

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
    private let pipe: SelfPipe
    private let opened = Mutex(false)

    /// Creates a closed gate.
    /// - Throws: `LoopbackServerError` if the system has no file descriptors left.
    public init() throws(LoopbackServerError) {
        pipe = try SelfPipe()
    }

    deinit { pipe.closeEnds() }

    /// Readable once the gate is open, for `poll`.
    var readFD: Int32 { pipe.readFD }

    /// Opens the gate: every response held by it goes on. Opening twice does nothing more.
    public func open() {
        let first = opened.withLock { opened in
            defer { opened = true }
            return !opened
        }
        guard first else { return }
        pipe.signal()
    }

    /// Whether `open()` has been called.
    public var isOpen: Bool { opened.withLock { $0 } }
}

/// A pipe a thread writes one byte into to wake every `poll` on its read end, now and later (the byte is never
/// read): the gate's opening and the server's stop.
struct SelfPipe: Sendable {
    let readFD: Int32
    private let writeFD: Int32

    init() throws(LoopbackServerError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw LoopbackServerError(operation: "pipe", code: errno) }
        readFD = fds[0]
        writeFD = fds[1]
        _ = fcntl(readFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeFD, F_SETFD, FD_CLOEXEC)
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Closes both ends; call once no thread polls any more.
    func closeEnds() {
        close(readFD)
        close(writeFD)
    }
}
