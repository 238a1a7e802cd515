import Foundation
import Glibc
import Testing

@testable import StrataHost

/// The helper's child (``HelperSpawn``, `strata_helper_spawn` in the C shim): it applies the sandbox strata
/// prepared and executes the helper, and a step that fails comes back as the sentence strata prints.
@Suite struct HelperSpawnTests {
    func launch(_ executable: String, _ arguments: [String] = [], mode: IsolationSettings.Mode = .process) -> HelperLaunch {
        HelperLaunch(
            pluginID: "hostile", mode: mode, limits: .init(memoryMegabytes: 512, openFiles: 64, cpuSeconds: 10), executable: executable,
            arguments: arguments, environment: ["PATH": "/usr/bin:/bin"], dataFolder: URL(fileURLWithPath: "/nonexistent"), config: Data(),
            configFile: URL(fileURLWithPath: "/nonexistent/.helper-config.json"),
            readable: [], writable: [], otherPluginFolders: [], library: executable, crashes: URL(fileURLWithPath: "/nonexistent"), origin: "\"isolation\": \"process\" under features.hostile in c.json",
            configSource: "c.json")
    }

    /// Runs `launch` with `ruleset` on a socketpair and a pipe; answers the spawn's result and, when it
    /// started, its exit status and what it wrote to standard error.
    func spawn(_ launch: HelperLaunch, ruleset: Int32) -> (Result<HelperProcess, HelperSpawnError>, Int32, String) {
        var ends: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 && pipe(&errors) == 0)
        let result = HelperSpawn.start(launch, ruleset: ruleset, socket: ends[1], errors: errors[1])
        close(errors[1])
        var said = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(errors[0], &chunk, chunk.count), count > 0 { said += chunk[..<count] }
        var status: Int32 = -1
        if case .success(let process) = result { status = process.wait().status }
        (ends + [errors[0]]).forEach { close($0) }
        return (result, status, String(decoding: said, as: UTF8.self))
    }

    /// The child runs sandboxed from its first instruction: no new privileges, the seccomp filter, its
    /// limits, a process group of its own, only descriptors 0–3, and Landlock (a file outside the rules
    /// can't be read).
    @Test func theChildExecutesTheHelperSandboxed() throws {
        #expect(KernelSandbox.missingSupport == nil, "this machine's kernel has Landlock ABI 6+ and seccomp")
        let ruleset = try KernelSandbox(readable: KernelSandbox.systemReadable + ["/bin", "/usr/bin"], writable: []).ruleset()
        defer { close(ruleset) }
        // Shell built-ins only: one process, since the filter refuses a new one.
        let script = """
            while read -r line; do echo "$line"; done < /proc/self/status >&2
            while read -r line; do echo "$line"; done < /proc/self/limits >&2
            read -r line < /etc/passwd || echo denied >&2
            """
        let (result, _, said) = spawn(launch("/bin/sh", ["-c", script]), ruleset: ruleset)
        guard case .success = result else { Issue.record("it did not start: \(result)"); return }
        let lines = said.split(separator: "\n")
        #expect(lines.contains("NoNewPrivs:\t1") && lines.contains("Seccomp:\t2"), "\(said)")
        #expect(lines.contains { $0.hasPrefix("Max open files") && $0.split(separator: " ").contains("64") }, "\(said)")
        #expect(lines.contains { $0.hasPrefix("Max address space") && $0.split(separator: " ").contains("536870912") }, "\(said)")
        #expect(lines.last == "denied", "Landlock keeps /etc/passwd out of reach: \(said)")
    }

    /// A child that can't execute the helper says why.
    @Test func aChildThatCantExecuteSaysWhy() {
        let (result, _, _) = spawn(launch("/nonexistent/strata"), ruleset: -1)
        guard case .failure(let error) = result else { Issue.record("it started: \(result)"); return }
        #expect(error.code == ENOENT)
        #expect(error.failure(for: launch("/nonexistent/strata")).description == "plugin hostile's helper can't start it (No such file or directory)")
    }

    /// A sandbox the child can't apply is a refusal that says what to set, never a helper without it.
    @Test func aSandboxTheChildCantApplyIsARefusal() {
        let notARuleset = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(notARuleset) }
        let (result, _, _) = spawn(launch("/bin/true"), ruleset: notARuleset)
        guard case .failure(let error) = result else { Issue.record("it started without its sandbox: \(result)"); return }
        let failure = error.failure(for: launch("/bin/true"))
        #expect(failure.refused)
        #expect(
            failure.description.hasPrefix(
                "feature 'hostile' runs in a sandboxed helper (\"isolation\": \"process\" under features.hostile in c.json), but its helper can't sandbox itself: Landlock refused to restrict the helper ("
            ),
            "\(failure)")
        #expect(
            failure.description.hasSuffix(
                "Set \"isolation\": \"process-unsandboxed\" (a helper without the kernel sandbox) or \"none\" under features.hostile in c.json."))
    }
}
