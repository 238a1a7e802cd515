import Foundation
import Glibc
import Testing

@testable import StrataHost

/// The helper's seccomp filter, checked from inside a helper's sandbox by the probe
/// `Tests/Fixtures/TrySyscall/main.c`, after bubblewrap's `tests/try-syscall.c` and Flatpak's
/// `tests/test-seccomp.sh`: each call is made with arguments that can't work, so EFAULT or EBADF (or any error
/// of the kernel's own) means the filter let it through, and EPERM or ENOSYS that it blocked it, with no side
/// effect either way. The filter is an allowlist: its table (`allowed` in `sandbox.c`) is every call the helper
/// may make; every other number, 0 to 511, must fail, and the six calls allowed with some arguments only are
/// tried with both kinds.
@Suite struct SandboxSyscallTableTests {
    /// What the probe said in the sandbox: each line's name and errno.
    static func probe() throws -> [String: Int32] {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("strata-try-syscall").path
        let folder = URL(fileURLWithPath: probe).deletingLastPathComponent().path
        // The probe is linked as SwiftPM links an executable, with the Swift runtime (mapped here too).
        let ruleset = try KernelSandbox(readable: KernelSandbox.systemReadable + KernelSandbox.mappedFolders() + [folder], writable: []).ruleset()
        defer { close(ruleset) }
        let (result, status, said) = HelperSpawnTests().spawn(HelperSpawnTests().launch(probe), ruleset: ruleset)
        guard case .success = result else { throw POSIXError(.ENOEXEC) }
        #expect(status == 0 && said.hasSuffix("done\n"), "the probe ran to its end: \(status) \(said.suffix(300))")
        var lines: [String: Int32] = [:]
        for line in said.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, let code = Int32(words[1]) { lines[String(words[0])] = code }
        }
        return lines
    }

    @Test func everyCallOutsideTheTableIsBlocked() throws {
        let lines = try Self.probe()
        let tried = lines.filter { $0.key.hasPrefix("nr:") }
        let table = try #require(lines["table"])
        // 512 numbers, less the table and the six ruled calls (and clone3, which answers ENOSYS by rule).
        #expect(tried.count == 512 - Int(table) - 7, "\(tried.count) numbers tried beside a table of \(table)")
        // The kernel runs x86_64's uretprobe and uprobe (335, 336) without asking seccomp (Linux 6.11 and 6.16):
        // made from anywhere but a uprobe's trampoline, they fail with ENXIO.
        #if arch(x86_64)
            let passedBySeccomp = ["nr:335", "nr:336"]
        #else
            let passedBySeccomp: [String] = []
        #endif
        let through = tried.filter { ![EPERM, ENOSYS].contains($0.value) && !(passedBySeccomp.contains($0.key) && $0.value == ENXIO) }
            .map { "\($0.key) errno \($0.value)" }.sorted()
        #expect(through.isEmpty, "calls outside the table that got through: \(through)")
        // The dangerous ones say so: EPERM, not merely "no such call".
        for name in ["ptrace", "socket", "connect", "bind", "listen", "mount", "unshare", "setns", "setsid", "io_uring_setup", "fork"] {
            #expect(lines[name] == EPERM, "\(name): \(lines[name].map { String(cString: strerror($0)) } ?? "not tried")")
        }
        #expect(lines["x32-read"] == ENOSYS)
    }

    @Test func callsOfTheTableReachTheKernel() throws {
        let lines = try Self.probe()
        #expect(lines["read-bad-descriptor"] == EBADF)
        #expect(lines["openat-bad-pointer"] == EFAULT)
    }

    /// Each call allowed with some arguments only, with arguments it allows (the kernel's own error, for a bad
    /// pointer to the old value) and arguments it doesn't.
    @Test func callsAllowedWithSomeArgumentsOnly() throws {
        let lines = try Self.probe()
        let expected: [String: Int32] = [
            "socketpair-unix-stream": 0, "socketpair-unix-datagram": EPERM, "socketpair-inet": EPERM,
            "prlimit64-read": EFAULT, "prlimit64-set": EPERM, "clone-process": EPERM, "clone3": ENOSYS,
            "rt_sigaction-sigxcpu-read": EFAULT, "rt_sigaction-sigxcpu-set": EPERM, "rt_sigaction-other-set": EFAULT,
            "prctl-pdeathsig": EPERM, "prctl-other": 0,
            // TIOCSTI types into a terminal and TIOCLINUX controls a console: refused on any descriptor, also with
            // bits above the 32 the kernel reads; another request reaches the kernel (EBADF for descriptor -1).
            "ioctl-tiocsti": EPERM, "ioctl-tiocsti-high-bits": EPERM, "ioctl-tioclinux": EPERM, "ioctl-other": EBADF,
        ]
        for (name, code) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(lines[name] == code, "\(name): \(lines[name].map { String(cString: strerror($0)) } ?? "not tried")")
        }
    }
}
