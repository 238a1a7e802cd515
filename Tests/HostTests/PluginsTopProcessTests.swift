import Foundation
import Glibc
import Testing

/// `strata plugins top` (issue #47): what a plugin's helpers cost, from the kernel's own figures (`wait4`'s
/// rusage of the helper, taken by whoever reaps it) in `<state>/accounting/<id>.jsonl`.
@Suite struct PluginsTopProcessTests {
    struct Top: Decodable {
        let window: String
        let plugins: [Row]
    }

    struct Row: Decodable {
        let id: String
        let activations: Int?
        let commands: Int?
        let cpuSeconds: Double?
        let peakMegabytes: Double?
        let crashes: Int?
        let killedForCPU: Int?
        let killedForTime: Int?
        let killed: Int?
        let cpuLimitSeconds: Int?
        let crossings: Int?
        let unknown: String?
    }

    /// A sandbox with Hostile installed, run as `isolation` says (a sandboxed helper in namespaces of its own
    /// under an init, or an unsandboxed helper strata waits for itself).
    func hostile(_ isolation: String, limits: String = #"{"memoryMegabytes": 512}"#) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"hostile": {"isolation": "\#(isolation)", "limits": \#(limits)}}}"#)
        return sandbox
    }

    func top(_ sandbox: Sandbox, window: String = "all") throws -> Row? {
        let result = try sandbox.strata(["plugins", "top", "--json", "--window", window])
        #expect(result.status == 0, "\(result.stderr)")
        let top = try JSONDecoder().decode(Top.self, from: Data(result.stdout.utf8))
        #expect(top.window == window)
        return top.plugins.first { $0.id == "hostile" }
    }

    /// The issue's test: a helper that spun 1.5 s of CPU shows within 10 % of what its /proc/self/stat said
    /// just before it ended, with its peak memory (the helper's own, not its init's copy of strata), one start
    /// and one command. Before, there was no `plugins top`.
    @Test(arguments: ["process", "process-unsandboxed"]) func topShowsAHelpersCPUTimeAsProcSaidIt(_ isolation: String) throws {
        let sandbox = try hostile(isolation)
        let spun = try sandbox.strata(["hostile", "spin-report", "1.5"])
        #expect(spun.status == 0, "\(spun.stderr)")
        // `ok: cpu ticks TICKS of HERTZ`.
        let words = spun.stdout.split(whereSeparator: \.isWhitespace)
        guard words.count == 6, let ticks = Double(words[3]), let hertz = Double(words[5]), hertz > 0 else {
            Issue.record("spin-report said \(spun.stdout) \(spun.stderr)")
            return
        }
        let procSeconds = ticks / hertz
        guard let row = try top(sandbox), let cpu = row.cpuSeconds else {
            Issue.record("plugins top has no CPU time for hostile")
            return
        }
        #expect(abs(cpu - procSeconds) <= procSeconds * 0.1, "plugins top said \(cpu) s, /proc said \(procSeconds) s")
        #expect(row.activations == 1 && row.commands == 1 && row.crashes == 0 && row.killedForCPU == 0)
        // The helper's own peak: a debug strata and the plugin map tens of MiB, far under the 512 MiB limit
        // and under strata's own resident set at the copy, which its init's figure would have been.
        let peak = try #require(row.peakMegabytes)
        #expect(peak > 1 && peak < 512, "peak \(peak) MiB")
        #expect(row.unknown == nil)
    }

    /// A helper killed past its CPU time is counted as a kill for CPU, not a crash, with the CPU it used.
    @Test func aHelperKilledForCPUIsCountedSo() throws {
        let sandbox = try hostile("process", limits: #"{"cpuSeconds": 1}"#)
        let result = try sandbox.strata(["hostile", "spin-masked", "4"])
        #expect(result.status == 1, "\(result.stderr)")
        let row = try #require(try top(sandbox))
        #expect(row.killedForCPU == 1 && row.crashes == 0, "\(row)")
        #expect((row.cpuSeconds ?? 0) >= 1.5, "\(row)")
        #expect(row.cpuLimitSeconds == 1)
    }

    /// A helper strata stops because its load stalled is counted as a kill for time, not as one from elsewhere
    /// (strata's own SIGKILL is told from another's), and a helper that crashes as a crash.
    @Test func killsForTimeAndCrashesAreToldApart() throws {
        let sandbox = try hostile("process")
        #expect(try sandbox.strata(["hostile", "die", "segv"]).status == 1)
        try SandboxEscapeProcessTests.leave("partial-frame-at-load", in: sandbox)
        #expect(try sandbox.strata(["hostile", "echo", "hi"], timeout: 60).status == 1)
        let row = try #require(try top(sandbox))
        #expect(row.activations == 2 && row.crashes == 1 && row.killedForTime == 1 && row.killed == 0 && row.killedForCPU == 0, "\(row)")
    }

    /// In process (isolation `none`) strata can't tell the plugin's CPU and memory from its own: top says so
    /// rather than show zero.
    @Test func aPluginInsideStrataShowsWhyItsFiguresAreUnknown() throws {
        let sandbox = try hostile("none")
        #expect(try sandbox.strata(["hostile", "echo", "hi"]).status == 0)
        let row = try #require(try top(sandbox, window: "today"))
        #expect(row.cpuSeconds == nil && row.activations == nil && row.crossings == nil && row.unknown?.contains("inside strata") == true, "\(row)")
        let table = try sandbox.strata(["plugins", "top"])
        #expect(table.stdout.contains("hostile: ? because it runs inside strata"), "\(table.stdout)")
        #expect(table.stdout.contains("Helpers that ended today"), "\(table.stdout)")
    }
}
