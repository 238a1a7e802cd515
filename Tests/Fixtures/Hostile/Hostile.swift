import Dispatch
import FoundationEssentials
import Glibc
import StrataNetworking
import StrataPluginKit
import Synchronization

/// Test fixture: a plugin that tries, one command each, what a process-isolated plugin must not do. Each
/// command prints `ok: …` and succeeds when it got through, and fails with `denied: …` when it was stopped;
/// in process (`"isolation": "none"`) every one gets through, which shows each sandbox test can fail.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        loadTimeMischief()
        func command(_ word: String, _ run: @escaping @Sendable ([String], PluginContext) async throws -> String) throws {
            try context.addCommand(PluginCommand(path: ["hostile", word]) { arguments, invocation in
                invocation.writeLine("ok: " + (try await run(arguments.positionals, context)))
            })
        }
        @Sendable func read(_ path: String) throws -> Int {
            guard let file = fopen(path, "r") else { throw denied("open \(path)") }
            defer { fclose(file) }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = fread(&bytes, 1, bytes.count, file)
            guard ferror(file) == 0 else { throw denied("read \(path)") }
            return count
        }
        try command("read") { arguments, _ in "read \(try read(arguments[0])) bytes of \(arguments[0])" }
        // What another process's command line, or the machine's socket list, says (its first MiB).
        try command("show") { arguments, _ in
            guard let file = fopen(arguments[0], "r") else { throw denied("open \(arguments[0])") }
            defer { fclose(file) }
            var bytes = [UInt8](repeating: 0, count: 1 << 20)
            let count = fread(&bytes, 1, bytes.count, file)
            guard ferror(file) == 0 else { throw denied("read \(arguments[0])") }
            return String(decoding: bytes[..<count].map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
        // The user hands it one file (a declared file argument); it reads that one, then tries another.
        try command("read-beside") { arguments, _ in
            let given = try read(arguments[0])
            return "read \(given) bytes of the file given, and \(try read(arguments[1])) bytes of \(arguments[1])"
        }
        // The user names a file for it to write (an option declared "writes").
        try context.addCommand(PluginCommand(path: ["hostile", "export"]) { arguments, invocation in
            let path = arguments.value("--to") ?? ""
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw denied("create \(path)") }
            close(descriptor)
            invocation.writeLine("ok: wrote \(path)")
        })
        // The user hands it a file to read; it writes to it instead.
        try command("overwrite") { arguments, _ in
            let descriptor = open(arguments[0], O_WRONLY | O_TRUNC)
            guard descriptor >= 0, write(descriptor, "planted", 7) == 7 else { throw denied("write \(arguments[0])") }
            close(descriptor)
            return "overwrote the file given"
        }
        try command("parent-environ") { _, _ in
            let path = "/proc/\(getppid())/environ"
            guard let file = fopen(path, "r") else { throw denied("open \(path)") }
            defer { fclose(file) }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = fread(&bytes, 1, bytes.count, file)
            guard count > 0 else { throw denied("read \(path)") }
            return "read \(count) bytes of \(path)"
        }
        try command("write") { arguments, _ in
            let descriptor = open(arguments[0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw denied("create \(arguments[0])") }
            close(descriptor)
            return "wrote \(arguments[0])"
        }
        try command("env") { arguments, _ in
            guard let value = getenv(arguments[0]) else { throw CommandError.failure("denied: \(arguments[0]) is not set") }
            return "\(arguments[0])=\(String(cString: value))"
        }
        try command("connect") { arguments, _ in
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw denied("socket") }
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(arguments[0]) ?? 0).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 else { throw denied("connect") }
            return "connected to port \(arguments[0])"
        }
        // The user types one address (a declared endpoint); it asks for the TCP socket to it, then to another.
        try command("connect-typed") { arguments, context in
            let sockets = try context.service((any TCPSockets).self)
            var connected: [String] = []
            for text in arguments {
                guard let address = TCPAddress(text) else { throw CommandError.usage("\(text) is not HOST:PORT") }
                do {
                    close(try sockets.connect(host: address.host, port: address.port, timeoutSeconds: 5))
                    connected.append(text)
                } catch {
                    throw CommandError.failure("denied: \(error) (connected to: \(connected.joined(separator: ", ")))")
                }
            }
            return "connected to \(connected.joined(separator: " and "))"
        }
        try command("fetch") { arguments, context in
            guard let url = URL(string: arguments[0]) else { throw CommandError.usage("not a URL") }
            let client = try context.service((any HTTPClient).self)
            do {
                let response = try await client.send(HTTPRequest(url: url.absoluteString))
                return "fetched \(arguments[0]): \(response.status)"
            } catch {
                throw CommandError.failure("denied: fetch: \(error)")
            }
        }
        try command("fetch-holding") { arguments, context in
            // Written against a blocking API: waits for its answer on its own thread, never suspending (bounded,
            // so that a helper that never delivers it fails the command instead of hanging).
            let client = try context.service((any HTTPClient).self)
            let (url, answer, done) = (arguments[0], Answer(), DispatchSemaphore(value: 0))
            Task.detached {
                let status = (try? await client.send(HTTPRequest(url: url))).map { "\($0.status)" }
                answer.text.withLock { $0 = status ?? "no response" }
                done.signal()
            }
            guard done.wait(timeout: .now() + 30) == .success else { throw CommandError.failure("denied: no answer within 30 s") }
            return "fetched \(url) holding its thread: \(answer.text.withLock { $0 } ?? "")"
        }
        try context.addCommand(PluginCommand(path: ["hostile", "hold"]) { _, invocation in
            // Polls for Ctrl-C on its own thread, never suspending.
            invocation.writeLine("holding")
            while !Task.isCancelled { usleep(1_000) }
            throw CancellationError()
        })
        try command("signal-parent") { _, _ in
            guard kill(getppid(), SIGCONT) == 0 else { throw denied("kill") }
            return "signalled \(getppid())"
        }
        try command("ptrace-parent") { _, _ in
            // ptrace(2) is variadic in C; its four-argument form, called through its address.
            typealias Ptrace = @convention(c) (Int32, pid_t, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
            guard let symbol = dlsym(nil, "ptrace") else { throw denied("dlsym") }
            let seize: Int32 = 0x4206
            guard unsafeBitCast(symbol, to: Ptrace.self)(seize, getppid(), nil, nil) == 0 else { throw denied("ptrace") }
            return "seized \(getppid())"
        }
        try command("fork-bomb") { _, _ in
            var forked = 0
            for _ in 0..<50 {
                let child = fork()
                if child == 0 { _exit(0) }
                guard child > 0 else { break }
                forked += 1
                var status: Int32 = 0
                waitpid(child, &status, 0)
            }
            guard forked > 0 else { throw denied("fork") }
            return "forked \(forked) children"
        }
        try command("allocate") { arguments, _ in
            var chunks: [[UInt8]] = []
            for _ in 0..<((Int(arguments[0]) ?? 0) / 64) { chunks.append([UInt8](repeating: 1, count: 64 << 20)) }
            return "allocated \(chunks.count * 64) MiB"
        }
        try command("linger") { _, _ in
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, 0x80 /* POSIX_SPAWN_SETSID */)
            var pid: pid_t = 0
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("300"), nil]
            defer { argv.forEach { free($0) } }
            let result = posix_spawn(&pid, "/bin/sleep", nil, &attributes, argv, environ)
            guard result == 0 else { throw CommandError.failure("denied: spawn: \(String(cString: strerror(result)))") }
            return "lingering \(pid)"
        }
        try command("spin") { arguments, _ in
            // Busy for SECONDS of its own CPU time.
            let seconds = Double(arguments[0]) ?? 1
            var spins = 0
            while Double(clock()) / Double(CLOCKS_PER_SEC) < seconds { spins &+= 1 }
            return "spun \(seconds) s"
        }
        try command("spin-report") { arguments, _ in
            // Busy as `spin`, then what the kernel counts for the whole process: utime and stime of
            // /proc/self/stat (fields 14 and 15, after the command name in parentheses), in clock ticks.
            let seconds = Double(arguments[0]) ?? 1
            var spins = 0
            while Double(clock()) / Double(CLOCKS_PER_SEC) < seconds { spins &+= 1 }
            let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
            guard let close = stat.lastIndex(of: ")") else { throw denied("/proc/self/stat") }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { throw denied("/proc/self/stat") }
            return "cpu ticks \(user + system) of \(sysconf(Int32(_SC_CLK_TCK)))"
        }
        try command("spin-masked") { arguments, _ in
            // SIGXCPU blocked in every thread that takes signals: this one directly, dispatch's block it already,
            // and the main thread (parked in sigsuspend by dispatch_main) is held for good in a SIGUSR1 handler
            // that blocks it. Then busy as `spin`: the kernel's CPU limit can't end it.
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                while true { pause() }
            }
            sigemptyset(&action.sa_mask)
            sigaddset(&action.sa_mask, SIGXCPU)
            guard sigaction(SIGUSR1, &action, nil) == 0 else { throw denied("sigaction") }
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGXCPU)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            // glibc's tgkill, which Swift's Glibc module doesn't declare.
            guard let symbol = dlsym(nil, "tgkill") else { throw denied("tgkill") }
            let tgkill = unsafeBitCast(symbol, to: (@convention(c) (pid_t, pid_t, Int32) -> Int32).self)
            for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
                if let thread = Int32(task) { _ = tgkill(getpid(), thread, SIGUSR1) }
            }
            // Until every thread's handler ran (at most 2 s).
            func unblocked() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).filter { task in
                    let status = (try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8)) ?? ""
                    let lines = status.split(separator: "\n")
                    // A thread that ended (the main thread, after dispatch_main) takes no signal.
                    guard !lines.contains(where: { $0.hasPrefix("State:") && $0.contains("zombie") }) else { return false }
                    let mask = lines.first { $0.hasPrefix("SigBlk:") }.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) } ?? 0
                    return mask & (1 << UInt64(SIGXCPU - 1)) == 0
                }
            }
            for _ in 0..<200 where !unblocked().isEmpty { usleep(10_000) }
            let left = unblocked()
            guard left.isEmpty else { throw CommandError.failure("threads \(left) still take SIGXCPU") }
            let seconds = Double(arguments[0]) ?? 1
            var spins = 0
            while Double(clock()) / Double(CLOCKS_PER_SEC) < seconds { spins &+= 1 }
            return "spun \(seconds) s with SIGXCPU blocked"
        }
        try command("die") { arguments, _ in
            switch arguments[0] {
            case "kill": kill(getpid(), SIGKILL)
            case "segv": raise(SIGSEGV)
            default: exit(0)
            }
            return "still alive"
        }
        try command("echo") { arguments, _ in arguments.joined(separator: " ") }
        try context.contribute(.screen) { _ in HostileScreenProvider(files: { try context.service() }) }
        // Asks for a file as a screen would (``UserFiles``), from a command, where there is no screen to ask on.
        try command("ask-file") { arguments, context in
            do {
                let copy = try await context.service((any UserFiles).self).readable(arguments[0], purpose: "hostile test", extensions: [])
                return "read \(try read(copy)) bytes of \(arguments[0])"
            } catch let error as UserFileError {
                throw CommandError.failure("denied: \(error)")
            }
        }
        // A Unix socket *file* (a tmux server's, ssh-agent's, a D-Bus bus): Landlock doesn't cover it.
        try command("unix-connect") { arguments, _ in
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw denied("socket") }
            defer { close(socket) }
            guard connectUnix(socket, to: arguments[0]) == 0 else { throw denied("connect \(arguments[0])") }
            guard write(socket, "escaped\n", 8) == 8 else { throw denied("write") }
            return "connected to \(arguments[0])"
        }
        try command("unix-send") { arguments, _ in
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &pair) == 0 else { throw denied("socketpair") }
            defer { pair.forEach { close($0) } }
            var address = unixAddress(arguments[0])
            let sent = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(pair[0], "escaped\n", 8, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard sent == 8 else { throw denied("sendto \(arguments[0])") }
            return "sent to \(arguments[0])"
        }
        try context.addCommand(PluginCommand(path: ["hostile", "orphan"]) { _, invocation in
            let cleared = clearParentDeathSignal()
            invocation.writeLine("helper \(getpid()) parent-death signal \(cleared == 0 ? "cleared" : "kept: \(String(cString: strerror(cleared)))")")
            while true { pause() }
        })
        try context.addCommand(PluginCommand(path: ["hostile", "bad-frame"]) { arguments, _ in
            var status = stat()
            guard fstat(3, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { throw denied("no helper socket") }
            let frames: [[UInt8]] =
                switch arguments.positionals[0] {
                case "partial": [[0]]
                case "huge": [[0x7f, 0xff, 0xff, 0xff, 4]]
                case "empty": [[0, 0, 0, 0]]
                case "unknown": [[0, 0, 0, 1, 200]]
                default: [[0, 0, 0, 4, 5] + Array("^C\n".utf8), [0, 0, 0, 5, 6, 0, 0, 0, 130]]
                }
            for frame in frames where write(3, frame, frame.count) != frame.count { throw denied("write") }
            while true { pause() }
        })
        try command("fill") { arguments, _ in
            let path = (getenv("HOME").map { String(cString: $0) } ?? ".") + "/filler"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { throw denied("create \(path)") }
            defer { close(descriptor) }
            signal(SIGXFSZ, SIG_IGN)
            let result = posix_fallocate(descriptor, 0, off_t(Int(arguments[0]) ?? 0) << 20)
            guard result == 0 else { throw denied("fallocate \(arguments[0]) MiB", code: result) }
            return "filled \(arguments[0]) MiB"
        }
        try command("raw-frame") { _, _ in
            // In a helper, descriptor 3 is its socket to strata: an output frame written there directly, past
            // the invocation that sanitizes, carrying a terminal title sequence.
            var status = stat()
            guard fstat(3, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { throw denied("no helper socket") }
            let payload = Array("\u{1B}]0;pwned\u{07}title\n".utf8)
            let length = UInt32(payload.count + 1)
            let frame = [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff), 4] + payload
            guard write(3, frame, frame.count) == frame.count else { throw denied("write") }
            return "sent a raw frame"
        }
    }
}

/// The address of the Unix socket file at `path` (at most 107 bytes of it).
private func unixAddress(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    return address
}

private func connectUnix(_ socket: Int32, to path: String) -> Int32 {
    var address = unixAddress(path)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// `prctl(PR_SET_PDEATHSIG, 0)`, as a helper would to outlive strata, on the main thread: the parent-death
/// signal is a thread's, and only the main thread's was set when strata started the helper. A SIGUSR2 handler
/// makes the call there (prctl is variadic in C: called through its address). Answers 0 when it worked, else
/// the errno.
private func clearParentDeathSignal() -> Int32 {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = prctlSymbol else { return parentDeathCleared.store(ENOSYS, ordering: .relaxed) }
        let result = unsafeBitCast(symbol, to: Prctl.self)(1 /* PR_SET_PDEATHSIG */, 0, 0, 0, 0)
        parentDeathCleared.store(result == 0 ? 0 : errno, ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    guard sigaction(SIGUSR2, &action, nil) == 0, let symbol = dlsym(nil, "tgkill") else { return EPERM }
    let tgkill = unsafeBitCast(symbol, to: (@convention(c) (pid_t, pid_t, Int32) -> Int32).self)
    parentDeathCleared.store(-1, ordering: .relaxed)
    guard tgkill(getpid(), getpid(), SIGUSR2) == 0 else { return errno }
    for _ in 0..<200 where parentDeathCleared.load(ordering: .relaxed) == -1 { usleep(10_000) }
    return parentDeathCleared.load(ordering: .relaxed)
}
nonisolated(unsafe) private let prctlSymbol = dlsym(nil, "prctl")
private let parentDeathCleared = Atomic<Int32>(-1)

/// Hostile things done while the plugin loads, each when a file of its name is in its home (in a helper, its
/// data folder): clearing the parent-death signal, so that the helper would outlive strata; that, and taking
/// the wire over (a socketpair of its own in place of descriptor 3, so that the helper's own code never sees
/// strata's end close; it writes its pid to `took-wire` then); and sending one byte of a frame header during
/// the handshake, then nothing.
private func loadTimeMischief() {
    guard let home = getenv("HOME").map({ String(cString: $0) }) else { return }
    if access(home + "/clear-parent-death", F_OK) == 0 { _ = clearParentDeathSignal() }
    if access(home + "/take-wire", F_OK) == 0 {
        _ = clearParentDeathSignal()
        var pair: [Int32] = [-1, -1]
        // strata's end stays open (a copy kept): strata sees no close, and waits for the helper's answer.
        if socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0, dup(3) >= 0, dup2(pair[0], 3) == 3 {
            // Its pid, for the test, written whole under another name then renamed.
            let mark = open(home + "/took-wire.new", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let pid = Array("\(getpid())".utf8)
            if mark >= 0, write(mark, pid, pid.count) == pid.count, close(mark) == 0 { rename(home + "/took-wire.new", home + "/took-wire") }
        }
    }
    if access(home + "/wire-6", F_OK) == 0 { answerAsAnOlderHelper(hello: olderHello(version: 6)) }
    if access(home + "/wire-7", F_OK) == 0 { answerAsAnOlderHelper(hello: olderHello(version: 7) + [0, 0, 0, 6, 0, 0, 0, 7]) }
    if access(home + "/wire-8", F_OK) == 0 { answerAsAnOlderHelper(hello: olderHello(version: 8) + [0, 0, 0, 6, 0, 0, 0, 8]) }
    if access(home + "/wire-10-11", F_OK) == 0 { answerAsAnOlderHelper(hello: olderHello(version: 0) + [0, 0, 0, 10, 0, 0, 0, 11]) }
    if access(home + "/partial-frame-at-load", F_OK) == 0 {
        _ = write(3, [UInt8(0)], 1)
        while true { pause() }
    }
}

/// A mock helper of another wire version, for strata's handshake: strata's hellos were read by the helper's
/// own code before the plugin loaded; the fixture takes the wire over (a socketpair of its own in place of
/// descriptor 3, where the helper's code then answers), sends `hello` (the frame's payload), and answers every
/// command strata then sends with one line and exit code 0, as a helper of that version would (one it couldn't
/// read, with exit code 2), until strata closes its end.
private func answerAsAnOlderHelper(hello: [UInt8]) {
    var pair: [Int32] = [-1, -1]
    let strata = dup(3)
    guard strata >= 0, socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0, dup2(pair[0], 3) == 3 else { return }
    @Sendable func send(_ kind: UInt8, _ payload: [UInt8]) {
        let length = UInt32(payload.count + 1)
        let frame = [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff), kind] + payload
        _ = write(strata, frame, frame.count)
    }
    send(1, hello)
    DispatchQueue.global().async {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(strata, &chunk, chunk.count)
            guard count > 0 else { _exit(0) }
            buffer += chunk[..<count]
            while buffer.count >= 5, case let length = buffer[0..<4].reduce(0, { $0 << 8 | Int($1) }), buffer.count >= 4 + length {
                // A command (kind 3): a line of output (4), then exit 0 (6), when its flags byte is one a helper
                // of version 8 or older reads (1: a terminal, 2: files; version 9's route, 4, is not); else an
                // error line (5) and exit 2.
                if buffer[4] == 3, length > 1, buffer[5] & ~3 == 0 {
                    send(4, Array("a helper of wire version \(hello[3]) ran it\n".utf8))
                    send(6, [0, 0, 0, 0])
                } else if buffer[4] == 3 {
                    send(5, Array("a helper of wire version \(hello[3]) can't read that command line\n".utf8))
                    send(6, [0, 0, 0, 2])
                }
                buffer.removeFirst(4 + length)
            }
        }
    }
}

/// The 20 bytes of a hello of `version` that took no time (version 6's form; 7's adds its range).
private func olderHello(version: UInt8) -> [UInt8] { [0, 0, 0, version] + [UInt8](repeating: 0, count: 16) }

/// What a task hands the command that waits for it.
private final class Answer: Sendable {
    let text = Mutex<String?>(nil)
}

/// The failure of the call that just failed: `code` is its errno, read before `what` is built (building it
/// allocates, and an allocation near the helper's address-space limit can leave ENOMEM in errno).
private func denied(_ what: @autoclosure () -> String, code: Int32 = errno) -> CommandError {
    .failure("denied: \(what()): \(String(cString: strerror(code)))")
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
