import Glibc
import StrataBase

/// A process strata starts with `posix_spawn` (or, for the app under its supervisor, `fork`): the app, a plugin probe, `swift build`.
/// SIGPIPE is back at its default in the child; descriptors without `FD_CLOEXEC` are inherited (the dev
/// loop hands the app the read end of its failure pipe that way).
struct ChildProcess {
    /// Where the child's standard output and standard error go.
    enum Output {
        /// Where strata's own go.
        case inherited
        /// Into a pipe that ``output`` reads, standard error too (`swift build`'s transcript).
        case capturedWithErrors
        /// Into a pipe that ``output`` reads; standard error to `/dev/null` (a probe's one JSON line).
        case capturedWithoutErrors
    }

    let pid: pid_t
    /// The read end of the pipe when the output is captured, else -1. ``wait()`` closes it.
    let output: Int32

    /// Starts `executable` (a path) with `arguments` (after argv[0]) and exactly `environment`.
    /// - Throws: `SpawnError` with the `errno` of the failure (no such program, too many processes).
    init(executable: String, arguments: [String], environment: [String: String], output mode: Output = .inherited) throws(SpawnError) {
        var pipe: [Int32] = [-1, -1]
        if mode != .inherited {
            guard Glibc.pipe(&pipe) == 0 else { throw SpawnError(executable: executable, code: errno) }
            pipe.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        let spawned = Self.spawn(executable, arguments, environment: environment) { actions in
            guard mode != .inherited else { return }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
            if mode == .capturedWithErrors {
                posix_spawn_file_actions_adddup2(&actions, pipe[1], STDERR_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
        }
        if pipe[1] >= 0 { close(pipe[1]) }
        guard case .success(let pid) = spawned else {
            if pipe[0] >= 0 { close(pipe[0]) }
            if case .failure(let error) = spawned { throw error }
            throw SpawnError(executable: executable, code: EINVAL)
        }
        self.pid = pid
        output = pipe[0]
    }

    /// `posix_spawn` of `executable` with `arguments` (after argv[0]) and exactly `environment`, SIGPIPE (and
    /// `defaultSignals`) at their default, in a process group of its own when `ownGroup`; `actions` sets up
    /// its descriptors.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], defaultSignals: [Int32] = [],
        ownGroup: Bool = false, actions configure: (inout posix_spawn_file_actions_t) -> Void
    ) -> Result<pid_t, SpawnError> {
        // A word that isn't UTF-8 (a file name) goes as the bytes it came as (CommandLineWord).
        let argv = ([executable] + arguments).map { word in CommandLineWord.withPath(word) { strdup($0) } } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        ([SIGPIPE] + defaultSignals).forEach { sigaddset(&defaults, $0) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(SpawnError(executable: executable, code: result))
    }

    /// A child made by `fork` alone: its output is strata's own.
    init(forked pid: pid_t) {
        self.pid = pid
        output = -1
    }

    /// Reads the captured output as it comes, until the child (and whatever inherited the pipe) closes it
    /// or `deadline` passes. Returns false when the deadline passed.
    func readOutput(until deadline: ContinuousClock.Instant? = nil, _ chunk: ([UInt8]) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let deadline {
                let left = (deadline - .now) / .seconds(1)
                guard left > 0 else { return false }
                var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(left * 1000 + 1, 60_000)))
                if ready < 0 && errno != EINTR { return true }
                if ready <= 0 { continue }
            }
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return true }
            chunk(Array(buffer[..<count]))
        }
    }

    /// Waits for the child to end and returns its `waitpid` status; closes the output pipe. With
    /// `followingStops`, when Ctrl-Z stops the child this process stops too, so that the shell sees the job
    /// stopped; `fg` continues the whole process group, and the child again after that.
    func wait(followingStops: Bool = false) -> Int32 {
        if output >= 0 { close(output) }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, followingStops ? WUNTRACED : 0)
            if result < 0 {
                if errno == EINTR { continue }
                return 1 << 8
            }
            if followingStops, Supervisor.followedStop(status, of: pid) { continue }
            return status
        }
    }

    /// Starts this same `strata` executable.
    static func strata(arguments: [String], environment: [String: String], output: Output = .inherited) throws(SpawnError) -> ChildProcess {
        try ChildProcess(
            executable: realPath("/proc/self/exe") ?? CommandLine.arguments[0], arguments: arguments,
            environment: environment, output: output)
    }
}

/// A process that could not be started.
struct SpawnError: Error, CustomStringConvertible {
    let executable: String
    let code: Int32
    var description: String { "can't start \(executable): \(String(cString: strerror(code)))" }
}
