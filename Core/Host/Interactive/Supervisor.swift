import FoundationEssentials
import Glibc

/// Runs the interactive app in a child process (this same binary) and brings it back when a plugin's code
/// crashes it: VS Code's "extension host terminated unexpectedly", except that it recovers by itself.
///
/// The supervisor does nothing else: it reads no config and loads no plugin, so nothing a plugin does can
/// take it down. When the app dies of a signal, the supervisor puts the terminal back as it found it
/// (cooked mode, cursor shown, main screen). If the crash journal blamed a plugin for the crash, that
/// plugin is skipped from now on and the app starts again at the home screen with a one-line notice;
/// any other death ends the supervisor the same way. Ctrl-Z stops both processes and `fg` resumes both;
/// a signal sent to the supervisor (SIGTERM, SIGHUP, `kill -ILL`…) is passed on to the app, and if the
/// supervisor is killed outright the app gets SIGHUP and restores the terminal itself.
enum Supervisor {
    /// Set in the app's environment, so that the child runs the app instead of another supervisor.
    static let supervisedVariable = "STRATA_SUPERVISED"
    /// The notice the restarted app shows on its home screen.
    static let noticeVariable = "STRATA_NOTICE"
    /// Restarts in one session before the supervisor gives up (each one skips a plugin, so a loop is
    /// only possible if the journal can't be written).
    static let maximumRestarts = 3

    /// What ``run(arguments:environment:)`` ends as in each process.
    enum Role {
        /// In the supervisor, once it is done: its exit code.
        case finished(Int32)
        /// In the app, forked from the supervisor: go on as the app, with this environment.
        case app(environment: [String: String])
    }

    static func run(arguments: [String], environment: [String: String]) -> Role {
        var saved = termios()
        let haveSettings = tcgetattr(STDIN_FILENO, &saved) == 0
        let crashes = CrashJournal.directory(environment: environment)
        var notice: String?
        for _ in 0...maximumRestarts {
            var childEnvironment = environment
            childEnvironment[supervisedVariable] = "\(getpid())"
            childEnvironment[noticeVariable] = notice
            let started = time(nil)
            let child: ChildProcess
            do {
                switch try start(arguments: arguments, environment: childEnvironment) {
                case .app: return .app(environment: childEnvironment)
                case .supervising(let process): child = process
                }
            } catch {
                Console.error("could not start the interactive app (\(error)); run `strata --help` for the command-line interface")
                return .finished(1)
            }
            let status = child.wait(followingStops: true)
            if !isSignalled(status) { return .finished(exitStatus(status)) }
            let signal = terminatingSignal(status)
            restoreTerminal(haveSettings ? saved : nil)
            if [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGKILL].contains(signal) {
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
                return .finished(128 + signal)
            }
            guard let blamed = CrashJournal.records(in: crashes).first(where: { $0.time >= started && $0.signal == signal }) else {
                Console.error(
                    "strata stopped with \(signalName(signal)) outside any plugin's code; "
                        + "run it again, and report it if it happens again")
                return .finished(128 + signal)
            }
            notice = "The \(blamed.id) plugin \(blamed.happening); it is skipped until `strata plugins retry \(blamed.id)`."
        }
        Console.error("strata stopped \(maximumRestarts + 1) times in a row; the last time: \(notice ?? "")")
        return .finished(1)
    }

    /// The app's process id while it runs, for the handlers that pass signals on (0 when there is none).
    nonisolated(unsafe) private static var child: pid_t = 0

    private enum Started {
        case app
        case supervising(ChildProcess)
    }

    /// Starts the app. While this process has one thread (it has read no config and started no worker),
    /// it forks, and the app goes on from here: it saves the app a second start of the Swift runtime and
    /// Foundation, about half of its time to the first frame. Otherwise it runs this binary again.
    private static func start(arguments: [String], environment: [String: String]) throws(SpawnError) -> Started {
        let process: ChildProcess
        if isSingleThreaded() {
            let pid = fork()
            if pid == 0 {
                becomeApp(environment: environment)
                return .app
            }
            guard pid > 0 else { throw SpawnError(executable: "a copy of strata", code: errno) }
            process = ChildProcess(forked: pid)
        } else {
            process = try ChildProcess.strata(arguments: arguments, environment: environment)
        }
        child = process.pid
        // Signals sent to the supervisor go to the app, which quits (SIGTERM, SIGINT, SIGHUP: its screens
        // finish first) or restores the terminal and ends by them. Once each (SA_RESETHAND): a real fault in
        // the supervisor itself must still end it; but every SIGHUP (a closed terminal sends more than one),
        // so that the supervisor waits for the app to finish.
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] + CrashHandler.fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ = kill(Supervisor.child, $0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART | (signal == SIGHUP ? 0 : Int32(bitPattern: UInt32(SA_RESETHAND)))
            sigaction(signal, &action, nil)
        }
        return .supervising(process)
    }

    /// In a forked app: signals as a new process has them (what the supervisor set up for itself is not
    /// the app's), and the app's environment for whatever it starts in turn.
    private static func becomeApp(environment: [String: String]) {
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGPIPE] + CrashHandler.fatalSignals { Glibc.signal(signal, SIG_DFL) }
        for variable in [supervisedVariable, noticeVariable] {
            if let value = environment[variable] { setenv(variable, value, 1) } else { unsetenv(variable) }
        }
    }

    /// Whether this process has one thread (`/proc/self/task` lists one): only then is a fork without
    /// `exec` safe, since no other thread can hold a lock the copy would inherit locked.
    private static func isSingleThreaded() -> Bool {
        guard let folder = opendir("/proc/self/task") else { return false }
        defer { closedir(folder) }
        var threads = 0
        while let entry = readdir(folder) {
            if entry.pointee.d_name.0 != 0x2E { threads += 1 }  // not "." or ".."
        }
        return threads == 1
    }

    /// In the app: has the kernel send it SIGHUP when its supervisor dies, however it dies (even by
    /// SIGKILL, which no handler sees), so that the app puts the terminal back (main screen, cursor, cooked
    /// mode) and ends as on a hangup. Returns false when the supervisor is already gone.
    static func followSupervisor(environment: [String: String]) -> Bool {
        // Set by hand ("1", to run the app without a supervisor), it names no supervisor to follow.
        guard let value = environment[supervisedVariable], let supervisor = pid_t(value), supervisor > 1 else { return true }
        // prctl is variadic in C, so Swift does not import it; its first two arguments are all it reads here.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let prctl = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            _ = unsafeBitCast(prctl, to: Prctl.self)(1 /* PR_SET_PDEATHSIG */, UInt(SIGHUP), 0, 0, 0)
        }
        return getppid() == supervisor
    }

    /// When the wait status says Ctrl-Z stopped `pid`, stops this process too (so that the shell sees the
    /// job stopped), and continues `pid` once `fg` continues this one. Returns whether it was a stop.
    static func followedStop(_ status: Int32, of pid: pid_t) -> Bool {
        guard status & 0xff == 0x7f else { return false }  // WIFSTOPPED
        raise(SIGSTOP)
        kill(pid, SIGCONT)
        return true
    }

    static func isSignalled(_ status: Int32) -> Bool { status & 0x7f != 0 && status & 0x7f != 0x7f }
    static func terminatingSignal(_ status: Int32) -> Int32 { status & 0x7f }
    static func exitStatus(_ status: Int32) -> Int32 { (status >> 8) & 0xff }

    /// What the app does on its way out, in case it could not: attributes reset, auto-wrap on, bracketed
    /// paste off, cursor shown, main screen, and the settings from before it started.
    private static func restoreTerminal(_ saved: termios?) {
        let sequence: StaticString = "\u{1B}[0m\u{1B}[?7h\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
        _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
        if var saved { _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
    }
}
