import Glibc
import StrataBase

/// The fatal-signal handler behind the ``CrashJournal``, installed once when strata starts.
///
/// On SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS or SIGFPE it writes the armed plugin's record, but only
/// for a fault this process raised itself: one from the kernel (`si_code` > 0: a bad access, a trap, a
/// division by zero) or one it sent itself (`abort()`, `raise`). A signal another process sent (`kill -SEGV`,
/// `si_code` SI_USER or SI_TKILL from another pid) is not the plugin's fault. Then it runs the handler that
/// was there before (the Swift runtime's backtracer, which prints the backtrace and returns) and always
/// ends the process by the same signal with its default action, so strata never carries on after one.
/// It runs on an alternate signal stack, so that a stack overflow still reaches it.
enum CrashHandler {
    static let fatalSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE]

    /// What the handler writes: the armed plugin's record.
    static let armed = ArmedRecord()
    /// The handlers that were there before, indexed by signal number (a plain buffer: the handler reads
    /// it without touching reference counts).
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers (the first time) and gives the calling thread an alternate signal stack.
    static func install() {
        addAlternateStack()
        guard !installed else { return }
        installed = true
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = crashHandler
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        // As the backtracer does: nothing but another crash interrupts the handler.
        sigfillset(&action.sa_mask)
        for signal in fatalSignals { sigdelset(&action.sa_mask, signal) }
        for signal in fatalSignals {
            previous[Int(signal)] = sigaction()
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    /// Gives the calling thread an alternate signal stack if it has none (the Swift runtime makes one for
    /// the main thread only when its backtracer is on). Without one, a handler for a stack overflow has no
    /// stack to run on and the kernel ends the process without it. Each stack lives as long as the process.
    static func addAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 128 * 1024
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        if sigaltstack(&stack, nil) != 0 { munmap(memory, size) }
    }

    /// Whether this process raised the signal itself: a fault the kernel reports for one of its
    /// instructions, or a signal it sent itself (`abort()`). Async-signal-safe.
    static func raisedByThisProcess(_ info: UnsafePointer<siginfo_t>) -> Bool {
        if info.pointee.si_code > 0 { return true }
        // SI_USER, SI_TKILL, SI_QUEUE: sent by a process, whose id the signal information holds.
        return info.pointee._sifields._kill.si_pid == getpid()
    }

    fileprivate static func handle(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        if let info, raisedByThisProcess(info) { armed.write(signal: signal) }
        callHandler(previous[Int(signal)], for: signal, info, context)  // the backtracer's, usually
        endByDefaultAction(signal)
    }

    /// Ends the process by `signal` with its default action (so that the exit status names it), whatever
    /// handler or mask is in place. Async-signal-safe.
    static func endByDefaultAction(_ signal: Int32) -> Never {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signal)
        _exit(128 + signal)
    }
}

private func crashHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    CrashHandler.handle(signal, info, context)
}

/// The armed record as raw C strings, written with async-signal-safe calls only. The strings stay valid
/// while armed (the old ones are leaked on re-arming, so a handler running at that moment never reads
/// freed memory).
final class ArmedRecord: @unchecked Sendable {
    private var file: UnsafeMutablePointer<CChar>?
    private var prefix: UnsafeMutablePointer<CChar>?

    func set(file: String, prefix: String) {
        // Published in this order so that a handler never sees a file without its text.
        self.prefix = strdup(prefix)
        self.file = strdup(file)
    }

    func clear() { file = nil }

    /// Writes the record: the signal, then `detail` (more fields, starting with a comma), then the time.
    /// Returns whether it was written (false when nothing is armed or the file can't be written).
    @discardableResult
    func write(signal: Int32, detail: StaticString = "") -> Bool {
        guard let file, let prefix else { return false }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        _ = Glibc.write(descriptor, prefix, strlen(prefix))
        writeNumber(Int64(signal), to: descriptor)
        _ = Glibc.write(descriptor, detail.utf8Start, detail.utf8CodeUnitCount)
        _ = Glibc.write(descriptor, ",\"time\":", 8)
        writeNumber(Int64(time(nil)), to: descriptor)
        let written = Glibc.write(descriptor, "}\n", 2) == 2
        close(descriptor)
        return written
    }

    /// Decimal digits without allocating.
    private func writeNumber(_ value: Int64, to descriptor: Int32) {
        var digits:
            (
                CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = value < 0 ? 0 : value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(48 + remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0 && count < 20
            _ = Glibc.write(descriptor, buffer.baseAddress! + 20 - count, count)
        }
    }
}
