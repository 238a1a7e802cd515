import Foundation
import Glibc
import StrataTesting
import Testing

/// The ways out of a sandboxed helper that an outside check found (issue #45), each tried by the Hostile
/// fixture: a Unix socket file, a link planted in its data folder, one byte of a frame, a helper deaf to
/// Ctrl-C or to strata's death, a full disk, and frames strata can't read. In process (`"isolation": "none"`)
/// the socket gets through, which shows that test can fail; the rest are about the helper alone.
@Suite struct SandboxEscapeProcessTests {
    typealias Hostile = IsolationProcessTests.Hostile

    /// A listening Unix socket file of each kind at `path`, closed (and removed) by `close()`.
    final class Listener {
        let path: String
        let stream: Int32
        let datagram: Int32

        init(at path: String) throws {
            self.path = path
            stream = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            datagram = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            guard Self.bind(stream, path + "-s") == 0, listen(stream, 4) == 0, Self.bind(datagram, path + "-d") == 0 else {
                throw POSIXError(.EADDRINUSE)
            }
        }

        deinit {
            close(stream)
            close(datagram)
            unlink(path + "-s")
            unlink(path + "-d")
        }

        private static func bind(_ socket: Int32, _ path: String) -> Int32 {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
            }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }

        /// Whether anything connected or sent a datagram (asked without waiting: the command has ended).
        var reached: Bool {
            var ready = [pollfd(fd: stream, events: Int16(POLLIN), revents: 0), pollfd(fd: datagram, events: Int16(POLLIN), revents: 0)]
            return poll(&ready, 2, 0) > 0
        }
    }

    /// Landlock doesn't cover a Unix socket *file*: before, a helper connected to the user's tmux server and
    /// had it run a command outside the sandbox. Now it can't make a socket, nor send a datagram to a file
    /// from a socketpair, whether the file is in /tmp, in `$XDG_RUNTIME_DIR` (D-Bus, ssh-agent) or in the home.
    @Test(arguments: Isolation.allCases)
    func aHelperReachesNoUnixSocketFile(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let runtime = hostile.sandbox.root.appendingPathComponent("run-user"), home = hostile.sandbox.root.appendingPathComponent("home")
        for folder in [runtime, home] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let places = ["/tmp/strata-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", runtime.path + "/bus", home.path + "/.ssh-agent"]
        for place in places {
            let listener = try Listener(at: place)
            let stream = try hostile.run("unix-connect", place + "-s")
            let datagram = try hostile.run("unix-send", place + "-d")
            switch isolation {
            case .none:
                #expect(stream.status == 0 && datagram.status == 0 && listener.reached, "in process it gets through: \(stream.stderr) \(datagram.stderr)")
            case .process:
                #expect(!listener.reached, "nothing reached \(place)")
                #expect(stream.status == 1 && stream.stderr.contains("denied: socket: Operation not permitted"), "\(stream.stderr)")
                #expect(datagram.status == 1 && datagram.stderr.contains("denied: socketpair: Operation not permitted"), "\(datagram.stderr)")
            }
        }
    }

    /// /proc showed the helper every process of the machine: another process's command line (a `--password`
    /// on it) and the socket list (`/proc/net/unix`, every socket file's path). Now the helper has a pid and a
    /// network namespace of its own, and a procfs that shows it alone: no other process, strata included, no
    /// `/proc/net`, and no socket of the machine's in its own folder's `net/`. In process the same reads get
    /// through.
    @Test(arguments: Isolation.allCases)
    func aHelpersProcShowsNoOtherProcessNorSocket(_ isolation: Isolation) throws {
        let hostile = try Hostile(isolation)
        let secret = "--password=hunter2-\(UInt32.random(in: 0...UInt32.max))"
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sh")
        other.arguments = ["-c", "read line", "strata-test", secret]
        other.standardInput = Pipe()
        try other.run()
        defer { other.terminate() }
        let listener = try Listener(at: "/tmp/strata-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let commandLine = try hostile.run("show", "/proc/\(other.processIdentifier)/cmdline")
        let sockets = try hostile.run("show", "/proc/net/unix")
        let own = try hostile.run("show", "/proc/self/status")
        switch isolation {
        case .none:
            #expect(commandLine.stdout.contains(secret), "in process it gets through: \(commandLine.stderr)")
            #expect(sockets.stdout.contains(listener.path), "\(sockets.stderr)")
        case .process:
            #expect(commandLine.status == 1 && commandLine.stderr.contains("denied: open"), "\(commandLine.stdout)")
            #expect(sockets.status == 1 && sockets.stderr.contains("denied: open"), "\(sockets.stdout)")
            let ownSockets = try hostile.run("show", "/proc/self/net/unix")
            #expect(ownSockets.status == 0 && !ownSockets.stdout.contains(listener.path) && !ownSockets.stdout.contains("/"), "\(ownSockets.stdout)")
            // Its own entry still reads (Dispatch needs its threads'), under its pid there, 2.
            #expect(own.status == 0 && own.stdout.contains("\nPid:\t2\n"), "\(own.stdout) \(own.stderr)")
            // Its namespace's init is a copy of strata: hidden from a user other than root, and with strata's
            // memory let go, its command line reads empty to root.
            let initCommand = try hostile.run("show", "/proc/1/cmdline")
            #expect(initCommand.status == 1 || initCommand.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok:", "\(initCommand.stdout)")
        }
    }

    /// Where a user may make no namespace (`user.max_user_namespaces` 0, as in a user namespace of the test's
    /// own, whose limit it may lower), the helper starts without them, sandboxed all the same (Landlock, the
    /// seccomp filter, no new privileges), and the command runs.
    @Test(.timeLimit(.minutes(10)))
    func withoutNamespacesTheHelperStillStartsSandboxed() throws {
        let hostile = try Hostile(.process)
        let sandbox = hostile.sandbox
        let script = #"echo 0 > /proc/sys/user/max_user_namespaces && exec "$0" "$@""#
        let result = try launch(
            "/usr/bin/unshare",
            ["--user", "--map-root-user", "/bin/sh", "-c", script, BuildProducts.strata, "--config", sandbox.config.path, "--data-dir",
             sandbox.data.path, "hostile", "show", "/proc/self/status"],
            environment: ["XDG_STATE_HOME": sandbox.state.path]
        ).wait()
        let lines = result.stdout.split(separator: "\n")
        #expect(result.status == 0 && lines.contains("Seccomp:\t2") && lines.contains("NoNewPrivs:\t1"), "\(result.stdout) \(result.stderr)")
        #expect(!lines.contains("Pid:\t2"), "it has no pid namespace of its own: \(result.stdout)")
    }

    /// The init of the helper's namespaces is a copy of strata: once the helper runs, it keeps none of strata's
    /// memory (its heap may hold keys and the user's data), only its own stack, so a helper that found a way
    /// into it would find nothing there, and strata pays no copy for pages it writes afterwards.
    @Test(.timeLimit(.minutes(10)))
    func theNamespaceInitKeepsNoneOfStratasMemory() async throws {
        let hostile = try Hostile(.process)
        let process = try hostile.sandbox.launch(["hostile", "hold"])
        _ = try await process.waitForOutput { $0.contains("holding") }
        let helper = try #require(Self.helper(in: hostile.sandbox))
        let initProcess = try #require(Self.parent(of: helper))
        func anonymousKiB(_ pid: pid_t) -> Int? {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") }?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        let strataKiB = try #require(anonymousKiB(process.processIdentifier)), initKiB = try #require(anonymousKiB(initProcess))
        #expect(initKiB < strataKiB, "the init holds \(initKiB) KiB of anonymous memory, strata \(strataKiB) KiB")
        let maps = try String(contentsOfFile: "/proc/\(initProcess)/maps", encoding: .utf8)
        #expect(!maps.contains("[heap]") && !maps.contains("[stack]"), "\(maps)")
        kill(process.processIdentifier, SIGINT)
        _ = try await process.finished(timeout: 30)
    }

    /// strata writes, makes and removes nothing in a folder the helper can write. (Before, it kept each
    /// helper's config in `<data>/<id>/.helper-config/<pid>/`: a helper that replaced that folder by a link had
    /// strata make a folder wherever the link led, and remove every folder there named like a process that
    /// isn't running: a user's `Photos/2019` went, with its files.)
    @Test func strataFollowsNoLinkPlantedInTheHelpersDataFolder() throws {
        let hostile = try Hostile(.process)
        let photos = hostile.sandbox.root.appendingPathComponent("Photos")
        let year = photos.appendingPathComponent("4000001")  // a name no running process has (pid_max is lower)
        try FileManager.default.createDirectory(at: year, withIntermediateDirectories: true)
        try Data("a picture".utf8).write(to: year.appendingPathComponent("lake.jpg"))
        let data = hostile.sandbox.data.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        for name in [".helper-config", ".strata-files"] {
            try FileManager.default.createSymbolicLink(at: data.appendingPathComponent(name), withDestinationURL: photos)
        }
        let result = try hostile.run("echo", "hello")
        #expect(result.status == 0 && result.stdout == "ok: hello\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos.path) == ["4000001"], "nothing made or removed in Photos")
        #expect(FileManager.default.fileExists(atPath: year.appendingPathComponent("lake.jpg").path))
    }

    /// The helper's config is read from strata's own state folder, and removed once read.
    @Test func theHelpersConfigIsInStratasStateFolderAndGoesOnceRead() throws {
        let hostile = try Hostile(.process)
        #expect(try hostile.run("echo", "hello").status == 0)
        let configs = hostile.sandbox.state.appendingPathComponent("strata/helper-configs")
        #expect(FileManager.default.fileExists(atPath: configs.path), "the folder is strata's")
        let left = (FileManager.default.subpaths(atPath: configs.path) ?? []).filter { $0.hasSuffix(".json") }
        #expect(left.isEmpty, "\(left)")
        let inData = FileManager.default.subpaths(atPath: hostile.sandbox.data.appendingPathComponent("hostile").path) ?? []
        #expect(!inData.contains { $0.contains("helper-config") }, "\(inData)")
    }

    /// One byte of a frame header and then nothing held a command for good (679 s, through SIGTERM and
    /// SIGINT): the rest of a frame begun is due within 5 s.
    @Test func oneByteOfAFrameHoldsACommandFiveSecondsNotForever() throws {
        let hostile = try Hostile(.process)
        let result = try hostile.sandbox.strata(["hostile", "bad-frame", "partial"], environment: [:], timeout: 60)
        #expect(!result.signalled && result.status == 1, "it ended on its own: \(result.stderr)")
        #expect(result.stderr.contains("plugin hostile's helper sent 1 byte of a frame, then nothing for 5 s"), "\(result.stderr)")
    }

    /// The same during the handshake: the plugin's load is bounded as a whole, and a helper that hangs so is
    /// recorded as timed out, as a load in process that hangs is, so the next run doesn't wait again.
    @Test func oneByteOfAFrameWhileLoadingIsATimeoutRecorded() throws {
        let hostile = try Hostile(.process)
        try Self.leave("partial-frame-at-load", in: hostile.sandbox)
        let first = try hostile.sandbox.strata(["hostile", "echo", "hi"], environment: [:], timeout: 60)
        #expect(!first.signalled && first.status == 1, "\(first.stderr)")
        #expect(
            first.stderr.contains("plugin hostile's helper sent 1 byte of a frame, then nothing for 5 s, while loading the plugin, so strata stopped it"),
            "\(first.stderr)")
        let next = try hostile.run("echo", "hi")
        #expect(next.status == 1 && next.stderr.contains("timed out") && next.stderr.contains("strata plugins retry hostile"), "\(next.stderr)")
    }

    /// Frames strata can't read are named as such (before: "was killed (SIGKILL)", since strata had killed it),
    /// and an exit status of 130 from the helper, which the user's Ctrl-C gives, is not taken as one.
    @Test(arguments: [
        ("huge", "sent a frame strata can't read (a frame of 2147483647 bytes"), ("empty", "sent a frame strata can't read (a frame without a kind)"),
        ("unknown", "sent a frame strata can't read (a frame of unknown kind 200)"),
        ("interrupt", "the helper ended its command with status 130, which is strata's own for Ctrl-C; taken as a failure (1)"),
    ])
    func aFrameStrataCantReadIsNamedAndNoStatusPosesAsCtrlC(_ kind: String, _ said: String) throws {
        let result = try Hostile(.process).run("bad-frame", kind)
        #expect(result.status == 1 && result.stderr.contains(said), "\(result.status) \(result.stderr)")
    }

    /// Ctrl-C always gets the user back: a helper that ignores strata's cancel is ended 2 s later, and the
    /// command exits 130 (before, strata waited for its frames forever).
    @Test(.timeLimit(.minutes(10)))
    func ctrlCEndsAHelperThatIgnoresIt() async throws {
        let hostile = try Hostile(.process)
        let process = try hostile.sandbox.launch(["hostile", "orphan"])
        _ = try await process.waitForOutput { $0.contains("parent-death signal") }
        kill(process.processIdentifier, SIGINT)
        let result = try await process.finished(timeout: 30)
        #expect(result.status == 130 && !result.signalled, "\(result.stderr)")
        #expect(result.stderr.contains("didn't end its command within 2 s of Ctrl-C, so strata stopped it"), "\(result.stderr)")
    }

    /// Nothing outlives strata: a helper may not clear its parent-death signal (before, one cleared it on its
    /// main thread, the one whose signal counts, and ran on under pid 1), and it ends when strata is killed
    /// with SIGKILL.
    @Test(.timeLimit(.minutes(10)))
    func aHelperMayNotClearItsParentDeathSignal() async throws {
        let hostile = try Hostile(.process)
        let process = try hostile.sandbox.launch(["hostile", "orphan"])
        let output = try await process.waitForOutput { $0.contains("parent-death signal") }
        #expect(output.hasPrefix("helper 2 "), "it is pid 2 of its own pid namespace: \(output)")
        let helper = try #require(Self.helper(in: hostile.sandbox))
        #expect(output.contains("parent-death signal kept: Operation not permitted"), "\(output)")
        #expect(try Self.killing(process.processIdentifier, ends: helper), "the helper \(helper) ended with strata")
        _ = try await process.finished(timeout: 30)
    }

    /// A helper that, while loading, tries to clear its parent-death signal and takes its wire over (a
    /// socketpair of its own as descriptor 3, so that its own code never sees strata's end close) ends all the
    /// same when strata is killed while waiting for its handshake.
    @Test(.timeLimit(.minutes(10)))
    func aHelperThatTookItsWireOverEndsWhenStrataIsKilled() async throws {
        let hostile = try Hostile(.process)
        try Self.leave("take-wire", in: hostile.sandbox)
        let process = try hostile.sandbox.launch(["hostile", "echo", "hi"])
        let helper = try await Self.helperThatTookItsWire(in: hostile.sandbox)
        #expect(try Self.killing(process.processIdentifier, ends: helper), "the helper \(helper) ended with strata")
        _ = try await process.finished(timeout: 30)
    }

    /// Leaves the file `name` in Hostile's data folder in `sandbox`, for the fixture to act on while it loads.
    static func leave(_ name: String, in sandbox: Sandbox) throws {
        let data = sandbox.data.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data().write(to: data.appendingPathComponent(name))
    }

    /// Kills `strata` with SIGKILL; whether `helper` then ends within 10 s (it is killed if not).
    static func killing(_ strata: pid_t, ends helper: pid_t) throws -> Bool {
        try #require(strata > 1 && helper > 1, "never kill(0) or kill(1)")
        let watch = try #require(ProcessWatch(helper))
        kill(strata, SIGKILL)
        let ended = watch.hasEnded(within: 10)
        if !ended { kill(helper, SIGKILL) }
        return ended
    }

    /// The app with Hostile in a helper and `mark` left in its data folder, with Enter pressed on Fixture
    /// Hostile; the caller closes the terminal, and keeps the sandbox until then (its config is the app's).
    static func openingHostile(leaving mark: String) async throws -> (TmuxTerminal, Sandbox) {
        let app = IsolatedAppTests()
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        try leave(mark, in: sandbox)
        let (terminal, _) = try await app.app.startStrata(in: sandbox, config: IsolatedAppTests.config("hostile", extra: #""pluginDirectories": ["plugins"], "#))
        do {
            try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
            try await app.select("Fixture Hostile", in: terminal)
            try terminal.press("Enter")
            return (terminal, sandbox)
        } catch {
            terminal.close()
            throw error
        }
    }

    /// The helper of Hostile in `sandbox`, once the fixture marks its wire taken over (`took-wire`, its pid in
    /// its own namespace, 2), as this process sees it.
    static func helperThatTookItsWire(in sandbox: Sandbox) async throws -> pid_t {
        let mark = sandbox.data.appendingPathComponent("hostile/took-wire").path
        // Polled on this thread, not by suspending: strata ends the helper 10 s after its handshake began, and a
        // loaded machine's test threads may take longer than that to resume a suspended test.
        for _ in 0..<6000 where !FileManager.default.fileExists(atPath: mark) {
            usleep(5_000)  // polling for the fixture's mark
        }
        #expect(try String(contentsOfFile: mark, encoding: .utf8) == "2", "the helper took its wire over, as pid 2 of its namespace")
        return try #require(helper(in: sandbox))
    }

    /// The helper of a plugin in `sandbox` as this process sees it: the process whose command line is a
    /// helper's (`__helper-sandboxed`) with a config in that sandbox's state folder.
    static func helper(in sandbox: Sandbox) -> pid_t? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.first { pid in
            let words = ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.contains("__helper-sandboxed") && words.contains { $0.hasPrefix(sandbox.state.path + "/") }
        }
    }

    /// The parent of process `pid` (`/proc/PID/stat`'s fourth field).
    static func parent(of pid: pid_t?) -> pid_t? {
        guard let pid, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return stat.split(separator: ")").last?.split(separator: " ").dropFirst().first.flatMap { pid_t($0) }
    }

    /// In the app, a feature's helper starts behind a screen that keeps the app's keys: q quits while the
    /// helper hangs in its handshake. (Before, opening it froze the app: q, Esc and Ctrl-C did nothing.)
    @Test(.timeLimit(.minutes(10)))
    func qQuitsTheAppWhileAFeaturesHelperHangsLoading() async throws {
        let (terminal, sandbox) = try await Self.openingHostile(leaving: "partial-frame-at-load")
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the feature starting") { $0.contains { $0.contains("Starting Fixture Hostile…") } }
        try terminal.type("q")
        #expect(try await InteractiveAppTests().waitForExit(terminal) == 0)
    }

    /// In the app too: a helper that took its wire over while loading ends when strata is killed.
    @Test(.timeLimit(.minutes(10)))
    func aFeaturesHelperEndsWhenTheAppIsKilled() async throws {
        let (terminal, sandbox) = try await Self.openingHostile(leaving: "take-wire")
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        let helper = try await Self.helperThatTookItsWire(in: sandbox)
        // strata is the parent of the helper's namespace init.
        let strata = try #require(Self.parent(of: Self.parent(of: helper)).flatMap { $0 > 1 ? $0 : nil })
        #expect(try Self.killing(strata, ends: helper), "the helper \(helper) ended with strata \(strata)")
    }

    /// A data folder is bounded (`limits.diskMegabytes`): no file the helper writes grows past it, and a
    /// helper whose folder holds more doesn't start, saying why and what to do. (Before, 512 MiB were
    /// allocated in the data folder without a word.)
    @Test func aDataFolderIsBoundedByItsDiskLimit() throws {
        let hostile = try Hostile(.process, limits: #"{"memoryMegabytes": 512, "diskMegabytes": 2}"#)
        let small = try hostile.run("fill", "1")
        #expect(small.status == 0 && small.stdout == "ok: filled 1 MiB\n", "\(small.stderr)")
        let large = try hostile.run("fill", "3")
        #expect(large.status == 1 && large.stderr.contains("denied: fallocate 3 MiB: File too large"), "\(large.stderr)")
        // A folder filled meanwhile (by another program, or in pieces) is weighed before the next start.
        let data = hostile.sandbox.data.appendingPathComponent("hostile")
        try Data(repeating: 1, count: 3 << 20).write(to: data.appendingPathComponent("more"))
        let refused = try hostile.run("echo", "hi")
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(
            refused.stderr.contains("plugin hostile can't start: its data folder \(data.path) holds 3 MiB, more than its disk limit of 2 MiB.")
                && refused.stderr.contains(#"raise "limits": {"diskMegabytes": …}"#), "\(refused.stderr)")
    }
}

/// Whether a process ended, told by the kernel (a pidfd becomes readable when it exits), not by polling.
struct ProcessWatch {
    let descriptor: Int32

    init?(_ pid: pid_t) {
        // glibc's pidfd_open (2.36), which Swift's Glibc module doesn't declare.
        typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
        guard let symbol = dlsym(nil, "pidfd_open") else { return nil }
        let descriptor = unsafeBitCast(symbol, to: PidfdOpen.self)(pid, 0)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    func hasEnded(within seconds: Int32) -> Bool {
        defer { close(descriptor) }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&ready, 1, seconds * 1000)
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }
}
