import CSandbox
import FoundationEssentials
import Glibc

/// The sandbox a plugin's helper starts in, before it opens the plugin: Landlock (files, TCP, signals,
/// abstract sockets) and a seccomp filter; strata makes the ruleset, and the helper's child applies both
/// (with the resource limits) just before it executes the helper (``HelperSpawn``).
struct KernelSandbox {
    /// Folders and files it may read (and execute): the plugin's folder, the libraries already mapped (the
    /// SDK, the Swift runtime, system libraries) and what they read (CA certificates, zoneinfo).
    var readable: [String]
    /// Folders and files it may also write: its data folder and the files it declared writable.
    var writable: [String]

    /// The Landlock ABI the policy needs (`STRATA_LANDLOCK_ABI`).
    static let landlockABI = Int32(STRATA_LANDLOCK_ABI)

    /// What the kernel lacks for the sandbox, as a sentence; `nil` when it has all of it.
    static var missingSupport: String? {
        let abi = strata_landlock_abi()
        if abi == 0 { return "this kernel has no Landlock" }
        if abi < landlockABI { return "this kernel's Landlock is ABI \(abi); the sandbox needs \(landlockABI) (Linux 6.12 or later)" }
        if strata_seccomp_available() == 0 { return "this kernel has no seccomp" }
        return nil
    }

    /// Paths every helper reads: system libraries, certificates, time zones, the loader's cache, and `/proc`
    /// (Dispatch reads each of its worker threads' `/proc/<tid>/stat` and ends the process when it can't, so a
    /// rule for the helper's own folder alone won't do). In namespaces of its own, the helper's init mounts a
    /// procfs that shows the helper alone and adds the rule for that one (`namespace_init` in sandbox.c); this
    /// rule is for a helper started without them, where another process's memory and environment stay out of
    /// reach, since Landlock allows ptrace-mode access only inside the helper's own domain.
    static let systemReadable = [
        "/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/share/zoneinfo", "/usr/share/ca-certificates",
        "/etc/ssl", "/etc/ca-certificates", "/etc/localtime", "/etc/ld.so.cache", "/dev/null", "/dev/urandom",
        "/sys/devices/system/cpu", "/proc",
    ]

    /// The folders of every file mapped into this process now (`/proc/self/maps`): the libraries strata
    /// runs on, wherever they are installed.
    static func mappedFolders() -> [String] {
        let folders = MappedFiles.paths().filter { !$0.hasSuffix(" (deleted)") }.map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().path
        }
        return Array(Set(folders)).sorted()
    }

    /// The Landlock ruleset of this sandbox, made in strata (which may open every path), for the helper's
    /// child to restrict itself to before it executes the helper (``HelperSpawn``).
    /// - Returns: its descriptor, which the caller closes.
    /// - Throws: a sentence naming the step that failed.
    func ruleset() throws(SandboxError) -> Int32 {
        if let missing = Self.missingSupport { throw SandboxError(detail: missing) }
        let ruleset = strata_landlock_ruleset(Self.landlockABI)
        guard ruleset >= 0 else { throw SandboxError(detail: "Landlock refused a ruleset (\(String(cString: strerror(-ruleset))))") }
        for (path, writes) in readable.map({ ($0, false) }) + writable.map({ ($0, true) }) {
            let result = strata_landlock_allow(ruleset, path, writes ? 1 : 0, Self.landlockABI)
            // A system path this machine doesn't have is fine; one the plugin needs is checked when it opens it.
            guard result == 0 || result == -ENOENT else {
                close(ruleset)
                throw SandboxError(detail: "Landlock refused a rule for \(path) (\(String(cString: strerror(-result))))")
            }
        }
        return ruleset
    }

    /// Gives helper `pid` `seconds` more of CPU time from now (the host calls it before each command): the
    /// kernel sends SIGXCPU at this soft limit, which ends the helper (its filter keeps it from raising the
    /// limit or ignoring the signal). The hard limit stays, since without CAP_SYS_RESOURCE it could never be
    /// raised again; where strata was started with a lower one, the helper gets that, and the kernel sends
    /// SIGKILL there.
    /// - Returns: the CPU seconds it may use in all, and whether the hard limit cut them short; `nil` when
    ///   the limit couldn't be set.
    static func allowCPU(_ seconds: Int, to pid: pid_t) -> (total: Int, isHardLimit: Bool)? {
        guard let used = cpuSeconds(of: pid) else { return nil }
        let (wanted, overflow) = used.addingReportingOverflow(seconds)
        var set: UInt64 = 0
        guard !overflow, wanted >= 0, strata_allow_cpu(pid, UInt64(wanted), &set) == 0, let total = Int(exactly: set) else { return nil }
        return (total, total < wanted)
    }

    /// The CPU seconds process `pid` has used (`/proc/PID/stat`'s utime + stime), rounded up. Read with bare
    /// system calls and the standard library, no Foundation: the helper's CPU watch calls it from a thread of
    /// its own, which may still be reading when strata exits.
    static func cpuSeconds(of pid: pid_t) -> Int? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        // After the command's name, in parentheses (which may hold any byte), the fields from the state on.
        guard count > 0, let name = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(name + 1)..<count].split(separator: UInt8(ascii: " "))
        func number(_ field: ArraySlice<UInt8>) -> Int? { Int(String(decoding: field, as: UTF8.self)) }
        guard fields.count > 13, let user = number(fields[11]), let system = number(fields[12]), user >= 0, system >= 0 else { return nil }
        let ticks = max(1, sysconf(Int32(_SC_CLK_TCK)))
        let (total, overflow) = user.addingReportingOverflow(system)
        guard !overflow, total <= Int.max - ticks else { return nil }
        return (total + ticks - 1) / ticks
    }
}

/// The sandbox could not be applied.
struct SandboxError: Error, CustomStringConvertible {
    let detail: String
    var description: String { detail }
}
