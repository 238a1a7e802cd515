import Dispatch
import Glibc
import StrataBase
import Synchronization

/// A helper's CPU time per command (``KernelSandbox/allowCPU(_:to:)``), and afterwards what a death by
/// SIGKILL was: the kernel sends SIGKILL, not SIGXCPU, at the hard limit, which a helper gets when strata
/// was started with one lower than its allowance (`ulimit -t`).
final class HelperCPULimit: Sendable {
    /// The CPU seconds the helper may use in all by the end of the current command, and whether strata's
    /// hard limit set them.
    private let allowance = Mutex<(total: Int, isHardLimit: Bool)?>(nil)
    /// The CPU seconds the helper had used when the watch killed it (should its namespace init be killed before
    /// it reports them).
    private let killedAt = Mutex<Int?>(nil)

    /// Gives helper `pid` `seconds` more of CPU time from now.
    func allow(_ seconds: Int, to pid: pid_t) {
        let allowed = KernelSandbox.allowCPU(seconds, to: pid)
        allowance.withLock { $0 = allowed }
    }

    /// Watches helper `process` until `lifetime` says it ended, twice a second: past its allowance by a second, it
    /// is killed (``HelperProcess/kill()``, then its whole group if it still runs). The kernel's SIGXCPU at the allowance ends a helper unless each of its threads
    /// blocks the signal, and one can (a signal handler that never returns holds a thread with the signal
    /// blocked, dispatch_main's included); the hard limit, where the kernel sends SIGKILL, can't be raised
    /// again for the next command, so it stays strata's.
    /// - Returns: false when the watching thread couldn't start.
    func watch(_ process: HelperProcess, lifetime: HelperLifetime) -> Bool {
        detachThread(named: "strata-helper-cpu") { [self] in
            while !lifetime.hasEnded(within: .milliseconds(500)) {
                // `used > total` first, so that the difference can't overflow (`total` may be as large as Int's).
                guard let total = allowance.withLock({ $0?.total }), let used = KernelSandbox.cpuSeconds(of: process.pid), used > total,
                    used - total > 1
                else { continue }
                // Still running half a second after the first kill: its init didn't end it, so its whole group goes.
                let again = killedAt.withLock { killed in
                    defer { killed = used }
                    return killed != nil
                }
                lifetime.request(.cpu)
                if again { process.killGroup() } else { process.kill() }
            }
        }
    }

    /// The limit a helper that used `cpuSeconds` in all ran into (`nil`: none), for ``HelperFailure``.
    func limit(reachedAfter cpuSeconds: Int, perCommand seconds: Int) -> String? {
        let cpuSeconds = max(cpuSeconds, killedAt.withLock { $0 } ?? 0)
        return allowance.withLock { allowance in
            guard let allowance, cpuSeconds >= allowance.total else { return nil }
            return allowance.isHardLimit
                ? "CPU time limit \(allowance.total) s in all (the hard limit strata was started with, `ulimit -Ht`)"
                : "CPU time limit \(seconds) s per command"
        }
    }
}
