import CSandbox
import FoundationEssentials
import Glibc

/// Starts a plugin's helper as one process image (`strata_helper_spawn` in the C shim): strata has made
/// everything beforehand (``HelperLaunch``); its child takes the socket as descriptor 3, the error pipe as
/// standard error, a process group of its own, the parent-death signal, the resource limits and, unless the
/// plugin is `process-unsandboxed`, namespaces of its own (where this machine makes them: a user, pid, mount
/// and network namespace whose /proc shows the helper alone), the Landlock ruleset and the seccomp filter,
/// then executes the helper.
enum HelperSpawn {
    /// Starts the helper from the calling thread, whose end sends it SIGKILL (PR_SET_PDEATHSIG).
    /// - Parameter ruleset: the Landlock ruleset to restrict it to, or -1 for none (and no seccomp filter
    ///   nor namespaces).
    /// - Returns: its process, or why its child could not execute it (that child already waited for).
    static func start(_ launch: HelperLaunch, ruleset: Int32, socket: Int32, errors: Int32) -> Result<HelperProcess, HelperSpawnError> {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { return .failure(HelperSpawnError(step: 0, code: errno)) }
        defer { close(null) }
        let argv = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
        let envp = launch.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let (memory, memoryOverflow) = UInt64(launch.limits.memoryMegabytes).multipliedReportingOverflow(by: 1 << 20)
        let (fileBytes, fileOverflow) = UInt64(launch.limits.diskMegabytes).multipliedReportingOverflow(by: 1 << 20)
        guard !memoryOverflow, !fileOverflow, let files = UInt64(exactly: launch.limits.openFiles) else {
            return .failure(HelperSpawnError(step: Int32(STRATA_STEP_MEMORY.rawValue), code: EINVAL))
        }
        let started = launch.executable.withCString { path in
            argv.withUnsafeBufferPointer { argv in
                envp.withUnsafeBufferPointer { envp in
                    var start = strata_helper_start(
                        path: path, argv: argv.baseAddress, envp: envp.baseAddress, socket: socket, errors: errors, null: null,
                        parent: getpid(), memory_bytes: memory, open_files: files, file_bytes: fileBytes, ruleset: ruleset,
                        landlock_abi: KernelSandbox.landlockABI, uid: geteuid(), gid: getegid(), namespaces: 1, failed_step: 0, error: 0,
                        group: -1, reports: -1, report_end: -1, host_proc: -1, helper_pid: 0)
                    let pid = strata_helper_spawn(&start)
                    return (pid, start)
                }
            }
        }
        let (pid, start) = started
        guard pid > 0 else { return .failure(HelperSpawnError(step: 0, code: -pid)) }
        guard start.failed_step == 0 else { return .failure(HelperSpawnError(step: start.failed_step, code: start.error)) }
        return .success(HelperProcess(pid: pid, group: start.group, reports: start.reports))
    }
}

/// A started helper: its own pid (whose CPU time it uses), and the process strata waits for and whose group
/// it ends: the init of its namespaces, or the helper itself where there are none.
struct HelperProcess: Sendable {
    let pid: pid_t
    let group: pid_t
    /// Where its namespace init reports how it ended, or -1.
    let reports: Int32

    /// Ends the helper: through its namespace init (SIGTERM, on which the init kills it and still reaps it and
    /// reports its figures; nothing else can be in its namespace, which ends with the init), or with SIGKILL to
    /// its group where there is no init. ``killGroup()`` is the hard way, for an init that doesn't end.
    func kill() { _ = reports >= 0 ? Glibc.kill(group, SIGTERM) : Glibc.kill(-group, SIGKILL) }

    /// Ends the helper and whatever it started, its init included (SIGKILL to its group).
    func killGroup() { _ = Glibc.kill(-group, SIGKILL) }

    /// Waits for it to end: its wait status and what the kernel counted for it (``HelperUsage``).
    func wait() -> HelperUsage {
        var start = strata_helper_start()
        start.group = group
        start.reports = reports
        var status: Int32 = 0
        var usage = rusage()
        var helpersOwn: Int32 = 0
        guard strata_helper_wait(&start, &status, &usage, &helpersOwn) == 0 else { return HelperUsage(status: 0, cpuMicroseconds: 0, peakKilobytes: nil) }
        let microseconds = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
        return HelperUsage(status: status, cpuMicroseconds: max(0, microseconds), peakKilobytes: helpersOwn != 0 ? max(0, usage.ru_maxrss) : nil)
    }
}

/// How a helper ended, as the kernel counted it in `wait4`'s `rusage`, taken by whoever reaped it (its namespace
/// init, which sends it over its report pipe, or strata without namespaces).
struct HelperUsage: Sendable, Equatable {
    /// Its `waitpid` status.
    let status: Int32
    /// User and system CPU time.
    let cpuMicroseconds: Int
    /// Its peak resident set (`ru_maxrss`, KiB); `nil` when its init was killed before it could report, whose
    /// own figure would be strata's at the copy.
    let peakKilobytes: Int?

    /// The CPU seconds, to the nearest second.
    var cpuSeconds: Int { (cpuMicroseconds + 500_000) / 1_000_000 }
}

/// The helper's child stopped before it executed the helper: at `step` (``strata_helper_step``, 0 before
/// there was a child), with errno `code`.
struct HelperSpawnError: Error {
    let step: Int32
    let code: Int32

    /// The failure as strata tells it: a kernel sandbox the helper couldn't apply is a refusal, which says
    /// what to set.
    func failure(for launch: HelperLaunch) -> HelperFailure {
        let error = String(cString: strerror(code))
        let sandboxSteps: [strata_helper_step: String] = [
            STRATA_STEP_MEMORY: "can't set the memory limit", STRATA_STEP_OPEN_FILES: "can't set the open-file limit",
            STRATA_STEP_CORE: "can't set the core-file limit", STRATA_STEP_FILE_SIZE: "can't set the file-size limit",
            STRATA_STEP_CAPABILITIES: "can't drop its capabilities",
            STRATA_STEP_LANDLOCK: "Landlock refused to restrict the helper", STRATA_STEP_SECCOMP: "seccomp refused the filter",
        ]
        let step = strata_helper_step(rawValue: UInt32(bitPattern: self.step))
        if let what = sandboxSteps[step] {
            return launch.mode == .process
                ? launch.refusal("\(what) (\(error))") : HelperFailure(pluginID: launch.pluginID, reason: "can't start it: \(what) (\(error))")
        }
        switch step {
        case STRATA_STEP_GROUP: return HelperFailure(pluginID: launch.pluginID, reason: "can't start it in a process group of its own (\(error))")
        case STRATA_STEP_PARENT: return HelperFailure(pluginID: launch.pluginID, reason: "can't start it: strata's thread that started it ended")
        case STRATA_STEP_DESCRIPTORS: return HelperFailure(pluginID: launch.pluginID, reason: "can't hand it its socket (\(error))")
        default: return HelperFailure(pluginID: launch.pluginID, reason: "can't start it (\(error))")
        }
    }
}
