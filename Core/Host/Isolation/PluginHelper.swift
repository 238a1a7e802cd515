import Dispatch
import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit
import Synchronization

/// A plugin's helper process, as strata sees it: `strata __helper-sandboxed ID` started sandboxed on the
/// plugin's first use (``HelperLaunch``), in a process group of its own, talking ``HelperWire`` over a
/// socketpair; whatever it does, strata goes on, and a helper that dies is told in one line.
final class PluginHelper: Sendable {
    let pluginID: String
    let process: HelperProcess
    let limits: IsolationSettings.Limits
    /// What it may write (its data folder, the files it declared writable): strata hands it nothing from there.
    let writable: [String]
    /// Its socket; a screen's session reads it from a thread of its own (``HelperScreenSession``).
    let channel: HelperChannel
    /// Where what crosses is recorded.
    let audit: PluginAuditLog?
    /// The end of the helper's standard error: what the Swift runtime says as it dies.
    private let lastWords: HelperStandardError

    /// Variables the runtime needs, passed through when they are set; a plugin reads no other but its own.
    static let runtimeVariables = ["PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TERM", "COLORTERM", "NO_COLOR", "COLUMNS", "LINES"]

    /// Its process from the thread that started it.
    let lifetime: HelperLifetime
    private let cpu = HelperCPULimit()
    private let hello = Mutex<HelperHello?>(nil)

    /// How long loading and registering the plugin took in the helper, as its handshake said.
    var loadTimes: (load: Duration, register: Duration)? { hello.withLock { $0.map { ($0.load, $0.register) } } }

    private init(
        pluginID: String, process: HelperProcess, limits: IsolationSettings.Limits, writable: [String], channel: HelperChannel,
        lastWords: HelperStandardError, lifetime: HelperLifetime, audit: PluginAuditLog?
    ) {
        self.lifetime = lifetime
        self.audit = audit
        self.writable = writable
        self.pluginID = pluginID
        self.process = process
        self.limits = limits
        self.channel = channel
        self.lastWords = lastWords
    }

    /// Starts the helper of `pluginID` as the config and the catalog that `arguments` and `environment`
    /// (strata's global options and environment) lead to say (``HostRunner/helperLaunch(for:)``, read again
    /// here), and waits for its handshake. `variables` and `limits` stay for callers; the launch takes both
    /// from that config, as they were computed. ``HelperCommand`` starts its helper with ``start(_:)``.
    static func start(
        pluginID: String, arguments: [String], environment: [String: String], variables: [String],
        limits: IsolationSettings.Limits
    ) throws(HelperFailure) -> PluginHelper {
        guard let options = try? HostOptions.parse(arguments), let context = try? HostContext.load(options: options, environment: environment),
            let launch = HostRunner(HostCatalog(context)).helperLaunch(for: pluginID)
        else { throw HelperFailure(pluginID: pluginID, reason: "can't start it: feature '\(pluginID)' is not installed") }
        return try start(launch)
    }

    /// Starts the helper `launch` describes and waits for its handshake (it is sandboxed and has opened the
    /// plugin).
    static func start(_ launch: HelperLaunch) throws(HelperFailure) -> PluginHelper {
        try spawn(launch).open()
    }

    /// Starts the helper `launch` describes, sandboxed, without waiting for it: it starts (its exec, the dynamic
    /// loader and the Swift runtime) and then waits for strata's opening hello, having read nothing and run none of
    /// the plugin's code, until ``StartingHelper/open()``.
    static func spawn(_ launch: HelperLaunch) throws(HelperFailure) -> StartingHelper {
        let pluginID = launch.pluginID
        let ruleset = try launch.prepare()
        defer { if ruleset >= 0 { close(ruleset) } }
        // Its config, for a helper that reads one, goes once the handshake is over, or now if it never starts.
        var handedOver = false
        defer { if !handedOver { unlink(launch.configFile.path) } }
        var ends: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw HelperFailure(pluginID: pluginID, reason: "can't make its socket (\(String(cString: strerror(errno))))")
        }
        guard pipe(&errors) == 0, errors.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
            ends.forEach { close($0) }
            throw HelperFailure(pluginID: pluginID, reason: "can't make its error pipe (\(String(cString: strerror(errno))))")
        }
        let lifetime = HelperLifetime()
        // Started from a thread of its own that lives as long as the helper (it waits for it): the kernel's
        // parent-death signal follows the thread that started a process, and a worker thread may end first.
        let watched = detachThread(named: "strata-helper") { [ends, errors] in
            let started = Date()
            let spawned = HelperSpawn.start(launch, ruleset: ruleset, socket: ends[1], errors: errors[1])
            lifetime.started(spawned)
            guard case .success(let process) = spawned else { return }
            let usage = process.wait()
            // Before it is told ended: a command line's strata exits once its helper has. A helper started ahead
            // and never opened (``HelperSpare``) ran none of the plugin's code: its start is strata's cost.
            if lifetime.opened.load(ordering: .relaxed) {
                launch.accounting?.append(lifetime.record(of: pluginID, started: started, usage: usage))
            }
            lifetime.ended(usage)
        }
        guard watched else {
            (ends + errors).forEach { close($0) }
            throw HelperFailure(pluginID: pluginID, reason: "can't start the thread that watches it")
        }
        let spawned = lifetime.spawned()
        close(ends[1])
        close(errors[1])
        let process: HelperProcess
        switch spawned {
        case .success(let started):
            process = started
        case .failure(let error):
            close(ends[0])
            close(errors[0])
            throw error.failure(for: launch)
        }
        let helper = PluginHelper(
            pluginID: pluginID, process: process, limits: launch.limits, writable: launch.writable, channel: HelperChannel(descriptor: ends[0]),
            lastWords: HelperStandardError(descriptor: errors[0]), lifetime: lifetime, audit: launch.audit)
        guard helper.cpu.watch(process, lifetime: lifetime) else {
            helper.stop()
            throw HelperFailure(pluginID: pluginID, reason: "can't start the thread that watches its CPU time")
        }
        handedOver = true
        return StartingHelper(helper: helper, launch: launch)
    }

    /// Shakes hands with the helper ``spawn(_:)`` started as `launch` describes, which then opens the plugin, and
    /// waits for its answer.
    fileprivate func open(_ launch: HelperLaunch) throws(HelperFailure) -> PluginHelper {
        // The helper has read its config once it answered the handshake (or it never will).
        defer { unlink(launch.configFile.path) }
        lifetime.opened.store(true, ordering: .relaxed)
        // Its environment crossed as it started, and its plugin sees it from now on: the names of the variables it
        // declared, never their values.
        for name in launch.givenVariables { launch.audit?.record(.init(kind: .variable, refused: false, name: name)) }
        HelperHandshake.open(channel)
        // The plugin's constructor or registration may never return, and a helper may send part of its answer
        // and stop: one deadline for the whole handshake, as a load in process has (LoadWatchdog).
        let answer: HelperWire.Frame
        do {
            answer = try HelperHandshake.answer(on: channel, record: launch.record, until: .now + .seconds(LoadWatchdog.timeout))
        } catch .closed {
            throw HelperFailure(pluginID: pluginID, reason: stop())
        } catch {
            // A load that doesn't end in time, however it hangs, is recorded as one in process is.
            let (what, timedOut) =
                switch error {
                case .timedOut: ("did not finish loading the plugin within \(secondsText(LoadWatchdog.timeout))", true)
                case .stalled: ("\(error.helperFault ?? ""), while loading the plugin", true)
                default: ("\(error.helperFault ?? "") while loading the plugin", false)
                }
            if timedOut { lifetime.request(.time) }
            stop()
            if timedOut { launch.recordTimeout() }
            throw HelperFailure(pluginID: pluginID, reason: "\(what), so strata stopped it", timedOut: timedOut)
        }
        switch try? HelperToHostMessage(answer) {
        case .hello(let hello)?:
            guard let refusal = HelperHandshake.refusal(of: hello) else {
                self.hello.withLock { $0 = hello }
                return self
            }
            stop()
            throw HelperFailure(pluginID: pluginID, reason: refusal)
        case .refused(let text)?:
            stop()
            // The helper's own sentence (strata's code in it, unless the plugin took the wire over): one line, bounded.
            throw HelperFailure(pluginID: pluginID, reason: Sanitizer.sanitize(String(text.prefix(1000))), refused: true)
        case nil, .output?, .error?, .exit?, .frame?, .streamOpen?, .streamAck?, .streamCancel?, .socketOpen?, .fileAsk?, .completeAsk?, .pluginRecordAsk?:
            stop()
            throw HelperFailure(pluginID: pluginID, reason: "sent a handshake strata can't read (it speaks wire \(HelperVersions.spoken))")
        }
    }

    /// Gives the helper its CPU time for one more command or screen request (`limits.cpuSeconds` from now).
    func allowCPU() { cpu.allow(limits.cpuSeconds, to: process.pid) }

    /// Runs one command line in the helper: what it writes goes to `output` and `error` as it comes, and
    /// `network` answers its HTTP requests; cancelling the task (Ctrl-C) tells the helper to cancel the command.
    /// `files`, the files the user named on it, cross with it (the caller closes strata's descriptors), and
    /// `sockets` makes what opens the sockets it asks for, on its first request (most commands make none; without
    /// it, none is opened). `routed`, strata's routing and parse of `words`, goes to a helper of wire version 9
    /// or later, which runs it as it is; an older helper gets the words alone and parses them itself.
    /// - Returns: the command's exit code, or the failure when the helper died before it ended.
    func run(
        _ words: [String], routed: HelperRequest.Routed, files: HelperFiles = HelperFiles(), sockets: (@Sendable () -> HelperSocketGrants)? = nil,
        isTerminal: Bool,
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        network: HelperNetwork
    ) async -> Result<Int32, HelperFailure> {
        allowCPU()
        lifetime.commands.add(1, ordering: .relaxed)
        let sent = HelperRequest(
            words: words, isTerminal: isTerminal, files: files.arguments.isEmpty ? nil : files.arguments,
            routed: (hello.withLock { $0?.version } ?? 0) >= HelperRequest.routedVersion ? routed : nil)
        guard channel.send(HostToHelperMessage.run(sent), descriptors: files.descriptors) else {
            return .failure(HelperFailure(pluginID: pluginID, reason: stop()))
        }
        let channel = channel
        let http = HelperHTTPRelay(channel: channel, network: network)
        // Its requests end before the socket closes: none writes to a descriptor reused since.
        let failure: @Sendable (String?) -> Result<Int32, HelperFailure> = { problem in
            http.cancelAll()
            return Result<Int32, HelperFailure>.failure(HelperFailure(pluginID: self.pluginID, reason: self.stop(saying: problem)))
        }
        let cancelled = CancelFlag()
        return await withTaskCancellationHandler {
            // The frames are read on a thread of their own, not one of the Swift pool's: a blocking read there
            // left the pool a thread short, and the task relaying the command's HTTP answer waited for
            // libdispatch to notice and add one, up to a second per request (#46, RESULTS.md §7).
            await withCheckedContinuation { (done: CheckedContinuation<Result<Int32, HelperFailure>, Never>) in
                let started = detachThread(named: "strata-helper-rd") {
                    done.resume(returning: self.relay(http: http, sockets: sockets, output: output, error: error, cancelled: cancelled, failure: failure))
                }
                if !started { done.resume(returning: failure("strata couldn't start the thread that reads its helper")) }
            }
        } onCancel: {
            cancelled.value.store(true, ordering: .relaxed)
            channel.send(HostToHelperMessage.cancel)
            // A helper that doesn't end its command when told is ended: Ctrl-C always gets the user back.
            let (process, stopped) = (process, lifetime)
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.cancelSeconds)) {
                if !stopped.hasEnded(within: .seconds(0)) {
                    stopped.request(.time)
                    process.kill()
                }
            }
        }
    }

    /// Reads the helper's frames for the command under way until its exit frame or its end, on the calling
    /// thread (which it holds): output to `output` and `error`, HTTP requests to `http`, sockets to `sockets`.
    private func relay(
        http: HelperHTTPRelay, sockets: (@Sendable () -> HelperSocketGrants)?, output: @Sendable (String) -> Void,
        error: @Sendable (String) -> Void, cancelled: CancelFlag, failure: (String?) -> Result<Int32, HelperFailure>
    ) -> Result<Int32, HelperFailure> {
        // One for the whole command, so that its bounds hold across the requests.
        var grants: HelperSocketGrants?
        while true {
            let frame: HelperWire.Frame
            do throws(HelperWire.Problem) {
                frame = try channel.receive()
            } catch let problem {
                guard cancelled.value.load(ordering: .relaxed) else { return failure(problem.helperFault) }
                // Ended past the wait for its command to stop: the user's Ctrl-C, not a death.
                http.cancelAll()
                stop()
                error("strata: plugin \(pluginID)'s helper didn't end its command within \(Self.cancelSeconds) s of Ctrl-C, so strata stopped it")
                return .success(130)
            }
            let message: HelperToHostMessage
            do throws(HelperWire.Problem) {
                message = try HelperToHostMessage(frame)
            } catch let problem {
                return failure(problem.helperFault)
            }
            switch message {
            case .output(let text): output(text)
            case .error(let text): error(text)
            case .exit(let code):
                http.cancelAll()
                return .success(Self.exitCode(code, cancelled: cancelled.value.load(ordering: .relaxed), error: error))
            case .streamOpen(let fetch): http.open(fetch)
            case .streamAck(let id, let count): http.acknowledge(id, count: count)
            case .streamCancel(let id): http.cancel(id)
            case .socketOpen(let request):
                let answering = grants ?? sockets?() ?? HelperSocketGrants(pluginID: pluginID, granted: [], advice: "", audit: audit)
                grants = answering
                guard answering.answer(request, on: channel) else { return failure("strata couldn't start the thread that opens a socket for it") }
            case .hello, .refused, .frame, .fileAsk, .completeAsk, .pluginRecordAsk: return failure(HelperWire.Problem.outOfTurn(frame.kind).helperFault)
            }
        }
    }

    /// Whether the user pressed Ctrl-C on the command under way.
    final class CancelFlag: Sendable {
        let value = Atomic(false)
    }

    /// How long a helper has to end its command after Ctrl-C before strata ends the helper.
    static let cancelSeconds = 2

    /// The exit code a helper's command ended with, as strata exits with it: what the user's Ctrl-C gives
    /// (130) only after the user pressed it; any other status over 125 (a shell's codes for a signal or a
    /// program not found) becomes 1, with a line that says what the helper sent.
    static func exitCode(_ number: UInt32?, cancelled: Bool, error: (String) -> Void) -> Int32 {
        guard let number, let code = Int32(exactly: number) else {
            error("strata: the helper ended its command without a status; taken as a failure")
            return 1
        }
        if code == 130 && cancelled { return code }
        guard (0...125).contains(code) else {
            let meaning = code == 130 ? "Ctrl-C" : "a signal"
            error("strata: the helper ended its command with status \(code), which is strata's own for \(meaning); taken as a failure (1)")
            return 1
        }
        return code
    }

    /// Ends the helper, recorded as ended `why` unless a reason came first, and, if it hasn't ended 2 s later,
    /// its whole process group.
    func end(for why: HelperAccounting.Ending) {
        lifetime.request(why)
        process.kill()
        if !lifetime.hasEnded(within: .seconds(2)) { process.killGroup() }
    }

    /// Ends the helper and its process group (whatever it started), and says how it ended.
    @discardableResult
    func stop(saying problem: String? = nil) -> String {
        shutdown(channel.descriptor, Int32(SHUT_RDWR))
        end(for: .exit)
        let status = lifetime.status()
        close(channel.descriptor)
        let cpuLimit = cpu.limit(reachedAfter: lifetime.cpuSeconds(), perCommand: limits.cpuSeconds)
        return problem ?? HelperFailure.reason(status: status, lastWords: lastWords.text(), limits: limits, cpuLimit: cpuLimit)
    }
}

/// A helper started (``PluginHelper/spawn(_:)``) and not yet opened: sandboxed, past its exec, the dynamic
/// loader and the Swift runtime's start, and waiting for strata's opening hello. It has read nothing and run
/// none of its plugin's code, which loads only once ``open()`` shakes hands with it.
struct StartingHelper: Sendable {
    let helper: PluginHelper
    let launch: HelperLaunch

    /// Shakes hands: the helper opens its plugin. Answers the helper once it has, or why it couldn't.
    func open() throws(HelperFailure) -> PluginHelper { try helper.open(launch) }

    /// Ends it unopened.
    func stop() {
        helper.stop()
        unlink(launch.configFile.path)
    }

    /// Whether its process has ended (killed from outside, say) while it waited.
    var hasEnded: Bool { helper.lifetime.hasEnded(within: .seconds(0)) }
}

/// A helper that could not start or died: one line for people.
struct HelperFailure: Error, CustomStringConvertible {
    let pluginID: String
    let reason: String
    /// The helper refused to run the plugin (no sandbox on this kernel, a plugin that failed to load).
    var refused = false
    /// The plugin didn't finish loading in time.
    var timedOut = false

    var description: String { refused ? reason : "plugin \(pluginID)'s helper \(reason)" }

    /// How a helper ended, from its `waitpid` status and the last of its standard error; `cpuLimit`: the CPU
    /// limit it had reached (``HelperCPULimit``), which a SIGXCPU or a SIGKILL then was.
    static func reason(status: Int32, lastWords: String, limits: IsolationSettings.Limits, cpuLimit: String? = nil) -> String {
        let signal = status & 0x7f
        // What it said before the runtime's stack trace: a trap's message (after its file and line), else the last line.
        let lines = lastWords.split(separator: "\n").prefix { !$0.hasPrefix("Current stack trace:") }
        let fatal = lines.lazy.compactMap { line in line.firstRange(of: "Fatal error").map { line[$0.lowerBound...] } }.first
        let said = (fatal ?? lines.last).map { ": " + Sanitizer.sanitize(String($0.prefix(300))) } ?? ""
        if ranOutOfMemory(lastWords) { return "was killed: memory limit \(Self.size(megabytes: limits.memoryMegabytes))" }
        guard signal != 0 else { return "exited with status \((status >> 8) & 0xff) before the command finished\(said)" }
        if signal == SIGXCPU { return "was killed: \(cpuLimit ?? "CPU time limit \(limits.cpuSeconds) s per command")" }
        if signal == SIGKILL, let cpuLimit { return "was killed: \(cpuLimit)" }
        if signal == SIGKILL { return "was killed (SIGKILL)" }
        return "crashed (\(signalName(signal)))\(said)"
    }

    /// Whether what a helper said is its address-space limit at work: the runtime's or the allocator's failure
    /// to get memory, or the dynamic loader's failure to map a library (at start, or when the plugin opens).
    static func ranOutOfMemory(_ text: String) -> Bool {
        ["failed to allocate", "Could not allocate memory", "Cannot allocate memory", "failed to map segment"].contains { text.contains($0) }
    }

    static func size(megabytes: Int) -> String {
        megabytes % 1024 == 0 ? "\(megabytes / 1024) GiB" : "\(megabytes) MiB"
    }
}

/// The first 8 KiB a helper wrote to standard error (the runtime's fatal error comes before its backtrace),
/// read as it comes; the rest is read and dropped. It ends when the helper does.
final class HelperStandardError: Sendable {
    private let head = Mutex<[UInt8]>([])
    private let finished = DispatchSemaphore(value: 0)

    init(descriptor: Int32) {
        // A thread of its own, not one of the pool's that Swift's tasks run on: its read blocks until the helper ends.
        let reading: @Sendable () -> Void = { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                self.head.withLock { head in head += chunk[..<min(count, 8192 - head.count)] }
            }
            close(descriptor)
            self.finished.signal()
        }
        if !detachThread(named: "strata-helper-2", reading) { DispatchQueue.global().async(execute: reading) }
    }

    /// What it wrote, once it has ended (a bounded wait: a grandchild could hold the pipe open).
    func text() -> String {
        _ = finished.wait(timeout: .now() + .seconds(2))
        return head.withLock { String(decoding: $0, as: UTF8.self) }
    }
}

/// A helper's process from the thread that started it: whether it started, then how it ended.
final class HelperLifetime: Sendable {
    private let spawn = Mutex<Result<HelperProcess, HelperSpawnError>?>(nil)
    private let exit = Mutex<HelperUsage?>(nil)
    /// Why strata ended it, the first reason given (``request(_:)``).
    private let requested = Mutex<HelperAccounting.Ending?>(nil)
    /// The command lines it was sent.
    let commands = Atomic(0)
    /// Whether strata shook hands with it, so that it opened (or tried to open) its plugin.
    let opened = Atomic(false)
    private let isStarted = DispatchSemaphore(value: 0)
    private let hasEnded = DispatchSemaphore(value: 0)

    func started(_ result: Result<HelperProcess, HelperSpawnError>) {
        spawn.withLock { $0 = result }
        isStarted.signal()
    }

    func ended(_ usage: HelperUsage) {
        exit.withLock { $0 = usage }
        hasEnded.signal()
    }

    /// strata is about to kill it `why`: a SIGKILL it then dies of is that, not a kill from elsewhere.
    func request(_ why: HelperAccounting.Ending) {
        requested.withLock { $0 = $0 ?? why }
    }

    /// Its line in the accounting file: it started at `started` and ended now, as `usage` says.
    func record(of id: String, started: Date, usage: HelperUsage) -> HelperAccounting.Record {
        let ending = HelperAccounting.Ending(status: usage.status, requested: requested.withLock { $0 })
        return HelperAccounting.Record(
            id: id, start: started.timeIntervalSince1970, end: Date().timeIntervalSince1970, commands: commands.load(ordering: .relaxed),
            cpuMicroseconds: usage.cpuMicroseconds, peakKilobytes: usage.peakKilobytes, ended: ending)
    }

    /// Waits until the process started (or could not).
    func spawned() -> Result<HelperProcess, HelperSpawnError> {
        isStarted.wait()
        isStarted.signal()
        return spawn.withLock { $0 } ?? .failure(HelperSpawnError(step: 0, code: EINVAL))
    }

    /// Whether the process ended, waiting for it at most `timeout`.
    func hasEnded(within timeout: DispatchTimeInterval) -> Bool {
        guard hasEnded.wait(timeout: .now() + timeout) == .success else { return false }
        hasEnded.signal()
        return true
    }

    /// Waits until the process ended, and returns its `waitpid` status.
    func status() -> Int32 {
        hasEnded.wait()
        hasEnded.signal()
        return exit.withLock { $0?.status } ?? 0
    }

    /// Waits until the process ended, and returns the CPU seconds it used in all (to the nearest second).
    func cpuSeconds() -> Int {
        hasEnded.wait()
        hasEnded.signal()
        return exit.withLock { $0?.cpuSeconds } ?? 0
    }
}
