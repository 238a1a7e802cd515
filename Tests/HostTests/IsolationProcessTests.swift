import Foundation
import Glibc
import StrataTesting
import Testing

/// The Hostile fixture, process-isolated (`"isolation": "process"`), tries what a sandbox must stop and is
/// stopped each time; the same fixture in process (`"isolation": "none"`) gets through each time, which
/// shows that every one of these tests can fail.
@Suite struct IsolationProcessTests {
    /// A sandbox with Hostile installed and the given isolation, a secret outside its folder, and a
    /// variable it never declared in strata's environment.
    struct Hostile {
        let sandbox: Sandbox
        var secret: URL { sandbox.root.appendingPathComponent("secret.txt") }

        init(_ isolation: Isolation, limits: String = #"{"memoryMegabytes": 512}"#) throws {
            sandbox = try Sandbox()
            try sandbox.install(fixture: "Hostile", as: "Hostile")
            try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"hostile": {"isolation": "\#(isolation.rawValue)", "limits": \#(limits)}}}"#)
            try Data("id_rsa".utf8).write(to: secret)
        }

        func run(_ words: String...) throws -> ProcessResult {
            try sandbox.strata(["hostile"] + words, environment: ["HOSTILE_SECRET": "s3cret", "HOSTILE_DECLARED": "visible"])
        }
    }

    /// `ok:` and exit 0 in process; stopped (exit 1, no `ok:`) in a helper, with strata itself unharmed.
    func expectStoppedOnlyWhenIsolated(_ isolation: Isolation, _ result: ProcessResult, _ what: String) {
        switch isolation {
        case .none: #expect(result.status == 0 && result.stdout.hasPrefix("ok: "), "in process, \(what) gets through: \(result.stderr)")
        case .process:
            #expect(result.status == 1 && !result.stdout.contains("ok: ") && !result.signalled,
                    "isolated, \(what) is stopped: \(result.stdout) \(result.stderr)")
        }
    }

    @Test(arguments: Isolation.allCases) func readingAFileOutsideItsFolder(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let result = try hostile.run("read", hostile.secret.path)
        expectStoppedOnlyWhenIsolated(isolation, result, "reading \(hostile.secret.path)")
        if isolation == .process { #expect(result.stderr.contains("denied: open") && result.stderr.contains("Permission denied")) }
    }

    /// The user hands it one file (a declared file argument, which crosses as a descriptor strata opened): it
    /// reads that one, and still no other outside its folder.
    @Test(arguments: Isolation.allCases) func readingAnotherFileBesideOneTheUserGave(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let given = hostile.sandbox.root.appendingPathComponent("given.txt")
        try Data("given".utf8).write(to: given)
        let result = try hostile.run("read-beside", given.path, hostile.secret.path)
        expectStoppedOnlyWhenIsolated(isolation, result, "reading \(hostile.secret.path) beside \(given.path)")
        if isolation == .process {
            #expect(result.stderr.contains("denied: open \(hostile.secret.path)"), "it read the file given, then was stopped: \(result.stderr)")
        }
    }

    /// A file the user names is lent to read: what the plugin writes to it in a helper stays in its copy, and
    /// the command fails saying so (in process it overwrites the file).
    @Test(arguments: Isolation.allCases) func writingToAFileTheUserGave(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let given = hostile.sandbox.root.appendingPathComponent("given.txt")
        try Data("given".utf8).write(to: given)
        let result = try hostile.run("overwrite", given.path)
        let text = try String(contentsOf: given, encoding: .utf8)
        switch isolation {
        case .none: #expect(result.status == 0 && text == "planted", "\(result.stderr)")
        case .process:
            #expect(result.status == 1 && text == "given", "\(result.stderr)")
            #expect(result.stderr.contains("hostile: it wrote to given.txt, which doesn't go back to your file"), "\(result.stderr)")
        }
    }

    /// A file it writes (an option declared `writes`) is not lent: outside its folder strata refuses before the
    /// helper runs, saying where it may write; inside its data folder the helper writes it.
    @Test(arguments: Isolation.allCases) func writingAFileTheUserNamedForOutput(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let outside = hostile.sandbox.root.appendingPathComponent("out.txt")
        let result = try hostile.run("export", "--to", outside.path)
        switch isolation {
        case .none: #expect(result.status == 0 && FileManager.default.fileExists(atPath: outside.path), "\(result.stderr)")
        case .process:
            #expect(result.status == 1 && !FileManager.default.fileExists(atPath: outside.path))
            #expect(result.stderr.hasPrefix("strata: hostile export: --to \(outside.path) is a file it writes outside what the plugin's sandboxed helper may reach"),
                    "\(result.stderr)")
            let inside = hostile.sandbox.data.appendingPathComponent("hostile/out.txt")
            let written = try hostile.run("export", "--to", inside.path)
            #expect(written.status == 0 && FileManager.default.fileExists(atPath: inside.path), "\(written.stderr)")
        }
    }

    /// `/proc` is readable (Dispatch reads its threads' entries there), but not strata's environment, which
    /// holds the keys of every plugin: Landlock keeps the helper to its own domain, and its capabilities
    /// (root's included) are dropped.
    @Test(arguments: Isolation.allCases) func readingStratasEnvironmentThroughProc(_ isolation: Isolation) throws {
        let result = try Hostile(isolation).run("parent-environ")
        expectStoppedOnlyWhenIsolated(isolation, result, "reading its parent's /proc/PID/environ")
    }

    @Test(arguments: Isolation.allCases) func writingOutsideItsFolder(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let target = hostile.sandbox.root.appendingPathComponent("planted")
        expectStoppedOnlyWhenIsolated(isolation, try hostile.run("write", target.path), "writing \(target.path)")
        #expect(FileManager.default.fileExists(atPath: target.path) == (isolation == .none))
    }

    @Test(arguments: Isolation.allCases) func readingAnUndeclaredEnvironmentVariable(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        expectStoppedOnlyWhenIsolated(isolation, try hostile.run("env", "HOSTILE_SECRET"), "reading HOSTILE_SECRET")
        #expect(try hostile.run("env", "HOSTILE_DECLARED").stdout == "ok: HOSTILE_DECLARED=visible\n", "a declared variable crosses")
    }

    @Test(arguments: Isolation.allCases) func connectingATCPSocketToALoopbackServer(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        expectStoppedOnlyWhenIsolated(isolation, try hostile.run("connect", String(server.port)), "connecting to port \(server.port)")
    }

    /// A command that declares an address (`"endpoint": "connect"`) gets its socket from strata in a helper, to
    /// the address the user typed and no other: the second address sees no connection.
    @Test(arguments: Isolation.allCases) func connectingThroughStrataToAnAddressNotTyped(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let (typed, other) = (try Listener(), try Listener())
        let result = try hostile.run("connect-typed", typed.address, other.address)
        expectStoppedOnlyWhenIsolated(isolation, result, "connecting to \(other.address), which was not typed")
        #expect(typed.connections() == 1, "the typed address is reached in both: \(result.stderr)")
        #expect(other.connections() == (isolation == .none ? 1 : 0))
        if isolation == .process {
            #expect(result.stderr.contains("denied: strata didn't let hostile connect to \(other.address): its command line gives only: connect \(typed.address)"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("(connected to: \(typed.address))"), "\(result.stderr)")
        }
    }

    /// Hostile declares 127.0.0.1 and not localhost, the same server: strata's client sends the declared
    /// host's request for the helper, and refuses the other before it leaves.
    @Test(arguments: Isolation.allCases) func fetchingAnUndeclaredHostThroughTheSDKsHTTPClient(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/key", response: .text("stolen"))
        let undeclared = try hostile.run("fetch", "http://localhost:\(server.port)/key")
        expectStoppedOnlyWhenIsolated(isolation, undeclared, "fetching localhost")
        #expect(server.requests(to: "/key").count == (isolation == .none ? 1 : 0))
        if isolation == .process {
            #expect(undeclared.stderr.contains("hostile didn't declare the host localhost in its capabilities"), "\(undeclared.stderr)")
        }
        let declared = try hostile.run("fetch", server.url("/key").absoluteString)
        #expect(declared.stdout == "ok: fetched \(server.url("/key").absoluteString): 200\n", "a declared host is reached: \(declared.stderr)")
    }

    /// A declared host's response larger than a frame reaches the helper whole, in chunks (before, its one
    /// answer frame was split, and the helper, which couldn't read the first part, waited for ever).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases) func aResponseLargerThanAFrameReachesTheHelper(_ isolation: Isolation) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/big", response: .text(String(repeating: "a", count: 3 << 20)))
        let fetched = try Hostile(isolation).run("fetch", server.url("/big").absoluteString)
        #expect(fetched.stdout == "ok: fetched \(server.url("/big").absoluteString): 200\n", "\(fetched.stderr)")
    }

    @Test(arguments: Isolation.allCases) func signallingOrTracingStrata(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        // In a helper the parent is strata; in process it is this test runner, which a SIGCONT leaves alone.
        expectStoppedOnlyWhenIsolated(isolation, try hostile.run("signal-parent"), "signalling its parent")
        expectStoppedOnlyWhenIsolated(isolation, try hostile.run("ptrace-parent"), "seizing its parent with ptrace")
    }

    @Test(arguments: Isolation.allCases) func aForkBomb(_ isolation: Isolation) throws {
        expectStoppedOnlyWhenIsolated(isolation, try Hostile(isolation).run("fork-bomb"), "forking")
    }

    @Test(arguments: Isolation.allCases) func allocatingPastItsLimit(_ isolation: Isolation) throws {
        let result = try Hostile(isolation).run("allocate", "1024")
        expectStoppedOnlyWhenIsolated(isolation, result, "allocating 1 GiB under a 512 MiB limit")
        if isolation == .process {
            #expect(result.stderr == "strata: plugin hostile's helper was killed: memory limit 512 MiB\n", "one line: \(result.stderr)")
        }
    }

    @Test(arguments: Isolation.allCases) func spinningPastItsCPUTime(_ isolation: Isolation) throws {
        let result = try Hostile(isolation, limits: #"{"cpuSeconds": 1}"#).run("spin", "3")
        expectStoppedOnlyWhenIsolated(isolation, result, "3 s of CPU under a 1 s limit")
        if isolation == .process {
            #expect(result.stderr == "strata: plugin hostile's helper was killed: CPU time limit 1 s per command\n", "\(result.stderr)")
        }
    }

    /// The same with SIGXCPU blocked in every thread of the helper that takes signals (the kernel's soft limit
    /// then ends nothing): strata watches the helper's CPU time and kills it a second past its allowance.
    /// (Before, it spun on for as long as it liked.)
    @Test(arguments: Isolation.allCases) func spinningPastItsCPUTimeWithTheSignalBlocked(_ isolation: Isolation) throws {
        let result = try Hostile(isolation, limits: #"{"cpuSeconds": 1}"#).run("spin-masked", "4")
        expectStoppedOnlyWhenIsolated(isolation, result, "4 s of CPU under a 1 s limit, SIGXCPU blocked")
        if isolation == .process {
            #expect(result.stderr == "strata: plugin hostile's helper was killed: CPU time limit 1 s per command\n", "\(result.stderr)")
        }
    }

    /// strata started with a hard CPU limit (`ulimit -t 3`) below the helper's allowance: the helper gets that
    /// limit, where the kernel sends SIGKILL (no SIGXCPU), and the line still names the limit. Before, it
    /// said "was killed (SIGKILL)".
    @Test func aHardCPULimitStrataWasStartedWithIsNamed() throws {
        let sandbox = try Hostile(.process, limits: #"{"cpuSeconds": 60}"#).sandbox
        let result = try run(
            "/bin/sh", ["-c", #"ulimit -t 3 && exec "$0" "$@""#, BuildProducts.strata, "--config", sandbox.config.path, "--data-dir", sandbox.data.path,
                        "hostile", "spin", "10"], environment: ["XDG_STATE_HOME": sandbox.state.path])
        #expect(result.status == 1 && !result.signalled)
        #expect(result.stderr == "strata: plugin hostile's helper was killed: CPU time limit 3 s in all (the hard limit strata was started with, `ulimit -Ht`)\n",
                "\(result.stderr)")
    }

    @Test(arguments: Isolation.allCases) func leavingAProcessRunningAfterStrataExits(_ isolation: Isolation) throws {
        let result = try Hostile(isolation).run("linger")
        expectStoppedOnlyWhenIsolated(isolation, result, "starting a process of its own")
        if let pid = Int32(result.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") {
            #expect(kill(pid, 0) == 0, "in process, the lingering process outlives strata")
            kill(pid, SIGKILL)
        }
    }

    /// A helper killed mid-command (SIGKILL, SIGSEGV, exit(0)) ends that command with one line, strata
    /// itself exits as usual, and the next command gets a fresh helper.
    @Test(arguments: [("kill", "was killed (SIGKILL)"), ("segv", "crashed (SIGSEGV (11))"),
                      ("exit", "exited with status 0 before the command finished")])
    func aHelperThatDiesMidCommandIsToldInOneLine(_ how: String, _ told: String) throws {
        let hostile = try Hostile(.process)
        let died = try hostile.run("die", how)
        #expect(died.status == 1 && !died.signalled)
        #expect(died.stderr == "strata: plugin hostile's helper \(told)\n")
        #expect(try hostile.run("echo", "still", "here").stdout == "ok: still here\n")
    }

    /// What a helper sends is sanitized again in strata: a plugin that writes an escape sequence straight onto
    /// its socket (past the SDK's invocation) gets only its text shown. Without strata's own sanitizing, the
    /// title sequence reached standard output whole.
    @Test func aHelpersRawOutputIsSanitizedInStrata() throws {
        let result = try Hostile(.process).run("raw-frame")
        #expect(result.status == 0 && result.stdout == "title\nok: sent a raw frame\n", "\(result.stdout.debugDescription) \(result.stderr)")
    }

    /// No other path opens a process-isolated plugin in strata itself (the loader refuses it): `plugins
    /// check`, `di list` or a dependent would run its code (a constructor first) with all of the user's rights.
    /// `plugins check` starts its helper instead (IsolationDefaultProcessTests has a crash and a hang).
    @Test func strataNeverOpensAnIsolatedPluginInItsOwnProcess() throws {
        let hostile = try Hostile(.process)
        let check = try hostile.sandbox.strata(["plugins", "check", "--json"])
        #expect(try decodeRows(check.stdout)["hostile"]?.state == "loaded", "checked in its helper: \(check.stdout) \(check.stderr)")
        #expect(try hostile.run("echo", "still", "works").stdout == "ok: still works\n")
    }

    /// Without the kernel sandbox only because the config says so, and the sandbox's absence is never silent;
    /// the emptied environment and the resource limits stay (before, this mode had no limits at all).
    @Test func processUnsandboxedRunsTheHelperWithoutTheKernelSandbox() throws {
        let hostile = try Hostile(.process)
        try hostile.sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"hostile": {"isolation": "process-unsandboxed"}}}"#)
        #expect(try hostile.run("read", hostile.secret.path).stdout.hasPrefix("ok: "))
        #expect(try hostile.run("env", "HOSTILE_SECRET").status == 1, "the environment is still emptied")
        let allocation = try hostile.run("allocate", "2048")
        #expect(allocation.stderr == "strata: plugin hostile's helper was killed: memory limit 1 GiB\n", "the limits still apply: \(allocation.stderr)")
        let info = try hostile.sandbox.strata(["plugins", "info", "hostile"])
        #expect(info.stdout.contains("Runs in a helper process without the kernel sandbox"))
    }

    /// `clock --watch` through Blocks' helper, once it shows a running timer.
    func watchThroughAHelper() throws -> (Sandbox, LaunchedProcess) {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"features": {"blocks": {"isolation": "process"}}}"#)
        #expect(try sandbox.strata(["timer", "add", "Tea", "--duration", "10m", "--now"]).status == 0)
        let watch = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "clock", "--watch"])
        let deadline = Date().addingTimeInterval(120)
        while !watch.outputSoFar.contains("Round 1"), watch.isRunning, Date() < deadline {
            usleep(20_000)  // polling the output
        }
        return (sandbox, watch)
    }

    /// Ctrl-C crosses to the helper as a cancellation: `clock --watch` stops as it does in process (130,
    /// quietly), instead of strata waiting on a helper that never ends its command.
    @Test func ctrlCCancelsTheCommandInTheHelper() throws {
        let (sandbox, watch) = try watchThroughAHelper()
        kill(watch.processIdentifier, SIGINT)
        let result = try withExtendedLifetime(sandbox) { try watch.wait() }
        #expect(result.status == 130 && result.stderr.isEmpty, "\(result.status) \(result.stdout) \(result.stderr)")
    }

    /// strata killed mid-command (SIGKILL: no chance to clean up) takes its helper with it.
    @Test func aHelperEndsWhenStrataIsKilled() throws {
        let (sandbox, watch) = try watchThroughAHelper()
        let deadline = Date().addingTimeInterval(120)
        func helpers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int32($0) != nil }.filter { pid in
                let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
                return line.contains("__helper") && line.contains(sandbox.data.path)
            }
        }
        #expect(helpers().count == 1, "the helper runs the watch")
        kill(watch.processIdentifier, SIGKILL)
        _ = try? watch.wait()
        while !helpers().isEmpty, Date() < deadline {
            usleep(20_000)  // polling /proc: the kernel delivers the parent-death signal
        }
        #expect(helpers().isEmpty, "no helper outlives strata")
    }

    /// The other built-in features answer through a sandboxed helper too: Movies' bundled catalog, Gpt's
    /// personas and daily uses (its SQLite file in its own data folder), Running's history, and a track outside
    /// Running's folder that the user named (it crosses as a descriptor).
    @Test func theOtherBuiltInFeaturesAnswerThroughAHelper() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"features": {"movies": {"isolation": "process"}, "gpt": {"isolation": "process"}, "running": {"isolation": "process"}}}"#)
        let movies = try sandbox.strata(["movies", "search", "star", "wars"])
        #expect(movies.status == 0 && movies.stdout.contains("Star Wars"), "\(movies.stderr)")
        #expect(try sandbox.strata(["gpt", "personas"]).stdout.contains("lucky"))
        #expect(try sandbox.strata(["gpt", "usage"]).stdout.hasPrefix("0/10 uses today"))
        #expect(try sandbox.strata(["running", "history"]).stdout.hasPrefix("No runs yet"))
        let track = BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/Data/gpx/togeojson_run.gpx").path
        let inspected = try sandbox.strata(["running", "track", track])
        #expect(inspected.status == 0 && inspected.stdout.contains("Points"), "\(inspected.stderr)")
    }

    /// Blocks' command-line flow, through a sandboxed helper: its database in its own data folder.
    @Test func blocksRunsItsCommandLineFlowsInASandboxedHelper() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"features": {"blocks": {"isolation": "process"}}}"#)
        let add = try sandbox.strata(["blocks", "add", "Deep", "work", "--hours", "4", "--json"])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try sandbox.strata(["blocks", "list"])
        #expect(list.status == 0 && list.stdout.contains("Deep work"), "\(list.stdout) \(list.stderr)")
        let start = try sandbox.strata(["blocks", "start", "Deep", "work"])
        #expect(start.status == 0, "\(start.stderr)")
        let clock = try sandbox.strata(["clock", "--json"])
        #expect(clock.status == 0 && clock.stdout.contains("Deep work"), "\(clock.stdout) \(clock.stderr)")
        #expect(try sandbox.strata(["clock", "stop"]).status == 0)
        let usage = try sandbox.strata(["blocks", "add", "x", "--hours", "5"])
        #expect(usage.status == 2, "bad input is answered before any helper starts: \(usage.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.data.appendingPathComponent("blocks/blocks.sqlite").path))
    }
}
