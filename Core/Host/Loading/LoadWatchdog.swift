import Glibc
import StrataBase
import Synchronization

/// Bounds each plugin's activation in this process (its `dlopen`, constructors, entry point and
/// registration) by the same timeout as `plugins check` gives a probe, 10 s.
///
/// A thread of its own waits for the deadline. If it passes, the plugin's code never returned and can't be
/// stopped inside this process, so the watchdog records the plugin as timed out in the crash journal (the
/// next runs skip it, as after a crash), says so on standard error and starts this same command again in
/// place (`execve`), which then runs without it. Under the app's supervisor it ends the app with SIGALRM
/// instead, and the supervisor starts the app again with a notice. It does only what is safe while another
/// thread may hold any lock (the loader's, malloc's): system calls on text prepared beforehand.
enum LoadWatchdog {
    /// How long one activation may take.
    static let timeout = PluginProbe.defaultTimeout
    /// The monotonic deadline in nanoseconds; 0 while nothing loads.
    private static let deadline = Atomic<Int64>(0)
    /// Whether the watchdog may run in this process (not in a probe, where the parent's timeout rules).
    nonisolated(unsafe) private static var allowed = false
    nonisolated(unsafe) private static var running = false
    nonisolated(unsafe) private static var supervised = false
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1
    nonisolated(unsafe) private static var wakeRead: Int32 = -1
    /// The line said when the deadline passes, for the plugin loading now (old ones are leaked, as in
    /// ``ArmedRecord``).
    nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// Lets the watchdog run in this process once a plugin loads. `supervised`: the app runs under the
    /// supervisor.
    static func enable(supervised: Bool) {
        allowed = true
        self.supervised = supervised
    }

    /// Starts the thread, the first time a plugin loads.
    private static func run() -> Bool {
        if running { return true }
        guard allowed else { return false }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        arguments = CommandLine.unsafeArgv
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in LoadWatchdog.watch() }, nil) == 0 else { return false }
        pthread_detach(thread)
        running = true
        return true
    }

    /// Plugin `id` starts loading now.
    static func start(_ id: String) {
        guard run() else { return }
        message = strdup(
            "strata: the \(id) plugin did not finish loading within \(secondsText(timeout)) (its library's constructor or "
                + "its registration does not return), so it is skipped from now on; `strata plugins retry \(id)` tries it again.\n")
        deadline.store(now() + Int64(timeout * 1e9), ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The plugin loading has returned.
    static func stop() {
        guard running else { return }
        deadline.store(0, ordering: .releasing)
    }

    private static func now() -> Int64 {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec)
    }

    /// The watchdog thread: sleeps until the deadline (or forever while there is none), woken by `start`.
    private static func watch() -> UnsafeMutableRawPointer? {
        while true {
            let due = deadline.load(ordering: .acquiring)
            var wait: Int32 = -1
            if due != 0 {
                let left = due - now()
                if left <= 0 {
                    if deadline.compareExchange(expected: due, desired: 0, ordering: .acquiringAndReleasing).exchanged { expire() }
                    continue
                }
                wait = Int32(clamping: left / 1_000_000 + 1)
            }
            var entry = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, wait) > 0 {
                var drained = (UInt64(0), UInt64(0))
                _ = withUnsafeMutableBytes(of: &drained) { read(wakeRead, $0.baseAddress, $0.count) }
            }
        }
    }

    /// The deadline passed: record the plugin as timed out, say so, and run the command again without it.
    private static func expire() {
        let recorded = CrashHandler.armed.write(signal: SIGALRM, detail: #","phase":"timedOut""#)
        if let message { _ = write(STDERR_FILENO, message, strlen(message)) }
        if recorded && !supervised, let arguments {
            // The new image starts as from a shell: no signal blocked.
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            execv("/proc/self/exe", arguments)
        }
        CrashHandler.endByDefaultAction(SIGALRM)
    }
}
