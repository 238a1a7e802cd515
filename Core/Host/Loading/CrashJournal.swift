import FoundationEssentials
import Glibc
import StrataBase
import Synchronization

/// Remembers which plugin was running when `strata` crashed, so that the next run skips it instead of
/// crashing the same way (VS Code's "extension host terminated unexpectedly", remembered).
///
/// While a plugin's code runs (its activation, its command, its screen), the host keeps the plugin armed
/// here. A fault of this process (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE; see ``CrashHandler``)
/// then writes `<state>/crashes/<id>.json` from the signal handler (only async-signal-safe calls: `open`,
/// `write`, `time`). Before each activation an "activating" entry goes into the same file, and it is
/// removed when the activation returns (one entry covers a library's open and its registration when no
/// other plugin's code runs between, see ``PluginLoader``): a run that died during one in a way no handler sees (`exit()`,
/// SIGKILL, a stack overflow) leaves it behind, and the next run counts it as a crash. An activation that
/// never returns is recorded as timed out (``LoadWatchdog``). The record names the library by path, size,
/// modification time and inode: it holds until the file changes or `strata plugins retry ID` removes it.
enum CrashJournal {
    /// A crash the journal remembers.
    struct Record: Codable, Equatable {
        /// How the journal knows: a fatal signal (no phase), an activation that never ended, one that timed out.
        enum Phase: String, Codable {
            case activating, timedOut
        }

        let id: String
        let path: String
        let size: Int64
        let modified: Int64
        let inode: UInt64
        /// The fatal signal; SIGALRM for a timeout, 0 for an activation that never ended.
        let signal: Int32
        /// Seconds since 1970.
        let time: Int64
        var phase: Phase?
        /// The process that was activating the plugin.
        var pid: Int32?

        /// `2026-11-24 15:30 UTC`.
        var date: String {
            var seconds = time_t(time), parts = tm()
            gmtime_r(&seconds, &parts)
            func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
            return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
        }

        /// What happened, after the plugin's name: `stopped with SIGILL (4)`.
        var happening: String {
            switch phase {
            case nil: "stopped with \(signalName(signal))"
            case .activating: "ended strata while loading"
            case .timedOut: "did not finish loading within \(secondsText(LoadWatchdog.timeout))"
            }
        }
    }

    /// `<state>/crashes`, where `<state>` is `$XDG_STATE_HOME/strata` (`~/.local/state/strata`).
    static func directory(environment: [String: String]) -> URL {
        stateDirectory(environment).appendingPathComponent("crashes", isDirectory: true)
    }

    /// The crash remembered for the library at `path` as plugin `id`, if the file is still the one that
    /// crashed; a record for a file that has changed since is removed (the new file gets a new chance).
    static func record(for id: String, path: String, in directory: URL) -> Record? {
        let file = directory.appendingPathComponent("\(id).json")
        // Judged through the one descriptor it is read from: a name looked up twice can lead to two files.
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A record is a path and a few numbers: 64 KiB is far more than one holds.
        var status = stat()
        guard fstat(descriptor, &status) == 0, let bytes = readWhole(descriptor, status: status, limit: 64 << 10) else { return nil }
        guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)),
            let identity = FileIdentity(path: path),
            record.path == path, record.size == identity.size, record.modified == identity.modified, record.inode == identity.inode
        else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        // Another strata (or helper) loading the plugin right now is no crash.
        if record.phase == .activating, !isCurrentAndUnheld(descriptor) { return nil }
        return record
    }

    /// The ids with a record in the journal (read once, rather than one file lookup per plugin). Records in
    /// a folder someone else could write are not believed (``PrivateFolder``): they could quarantine any
    /// plugin.
    static func journaledIDs(in directory: URL) -> Set<String> {
        guard PrivateFolder.isPrivate(directory) else { return [] }
        let names = (try? folderNames(directory.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) })
    }

    /// Every crash the journal holds, newest first (whether or not the file has changed since).
    static func records(in directory: URL) -> [Record] {
        let names = (try? folderNames(directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }
            .compactMap { FileManager.default.contents(atPath: "\(directory.path)/\($0)").flatMap { try? JSONDecoder().decode(Record.self, from: $0) } }
            .sorted { $0.time > $1.time }
    }

    /// Forgets plugin `id`'s crash. Returns whether there was one.
    @discardableResult
    static func forget(_ id: String, in directory: URL) -> Bool {
        defer { held.withLock { if let descriptor = $0.removeValue(forKey: id) { close(descriptor) } } }
        return unlink(directory.appendingPathComponent("\(id).json").path) == 0
    }

    /// The "activating" entries this process wrote, each held by an `flock` until it is forgotten: the lock,
    /// which the kernel lets go of when the process ends however it ends, is what tells a plugin loading now
    /// from one that was loading when its process died. A pid can't tell: every helper is pid 2 in its own
    /// pid namespace, and pids are reused.
    private static let held = Mutex<[String: Int32]>([:])

    /// Whether the "activating" entry open on `descriptor` was left by a process that ended inside the
    /// activation: nobody holds it, and it is still the journal's (its writer takes the lock before the entry
    /// is in place, and removes it, or writes another over it, before it lets go).
    private static func isCurrentAndUnheld(_ descriptor: Int32) -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        defer { flock(descriptor, LOCK_UN) }
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_nlink > 0
    }

    /// Makes plugin `id` (its library at `path`) the one a crash from now on is blamed on, until `disarm()`
    /// or another `arm`. Gives the calling thread an alternate signal stack, for a stack overflow.
    static func arm(_ id: String, path: String, in directory: URL) {
        guard let identity = FileIdentity(path: path) else { return }
        arm(id, path: path, identity: identity, in: directory)
    }

    /// Plugin `id`'s code is about to run for its activation: arms it, writes the "activating" entry that
    /// ``forget(_:in:)`` removes once the activation returned, and starts the ``LoadWatchdog``.
    static func activating(_ id: String, path: String, in directory: URL) {
        if let identity = FileIdentity(path: path) {
            let prefix = arm(id, path: path, identity: identity, in: directory)
            let entry = activatingEntry(prefix: prefix, time: Int64(time(nil)), pid: getpid())
            // Whole or not at all (renamed into place), but not flushed to the disk: the entry has to outlive
            // this process, not the machine, and an `fsync` cost 2-7 ms a plugin on a busy disk.
            // Held from before it is in place (``isCurrentAndUnheld(_:)``).
            let path = directory.appendingPathComponent("\(id).json").path
            if let descriptor = try? StagedFile.write(Array(entry.utf8), over: path, mode: 0o644, durable: false, holding: LOCK_SH) {
                held.withLock { if let old = $0.updateValue(descriptor, forKey: id) { close(old) } }
            }
        }
        LoadWatchdog.start(id)
    }

    /// Plugin `id` (its library at `path`) didn't finish loading in its helper in time: recorded as a load
    /// in process that times out is (``LoadWatchdog``), so that the next run doesn't wait for it again.
    static func timedOut(_ id: String, path: String, in directory: URL) {
        guard let identity = FileIdentity(path: path), (try? PrivateFolder.prepare(directory)) != nil else { return }
        let entry = recordPrefix(id: id, path: path, identity: identity) + #"\#(SIGALRM),"time":\#(time(nil)),"phase":"timedOut"}"# + "\n"
        _ = try? StagedFile.write(Array(entry.utf8), over: directory.appendingPathComponent("\(id).json").path, mode: 0o644, durable: false)
    }

    /// Arms plugin `id` again for more of its activation, its "activating" entry still in place: no file is
    /// written.
    static func resumeActivating(_ id: String, path: String, in directory: URL) {
        arm(id, path: path, in: directory)
        LoadWatchdog.start(id)
    }

    /// Arms `id`, and answers its ``recordPrefix(id:path:identity:)``.
    @discardableResult
    private static func arm(_ id: String, path: String, identity: FileIdentity, in directory: URL) -> String {
        try? PrivateFolder.prepare(directory)
        let prefix = recordPrefix(id: id, path: path, identity: identity)
        CrashHandler.armed.set(file: directory.appendingPathComponent("\(id).json").path, prefix: prefix)
        CrashHandler.install()
        return prefix
    }

    /// A ``Record``'s JSON up to its signal, which the signal handler completes (the signal, then the time),
    /// and so does an "activating" entry (``activatingEntry(prefix:time:pid:)``). Written here, not by
    /// `JSONEncoder`: its first use in a run cost more than the rest of the journal's work.
    static func recordPrefix(id: String, path: String, identity: FileIdentity) -> String {
        #"{"id":"\#(jsonEscaped(id))","path":"\#(jsonEscaped(path))","size":\#(identity.size),"modified":\#(identity.modified),"inode":\#(identity.inode),"signal":"#
    }

    /// The "activating" entry of the record that starts with `prefix`.
    static func activatingEntry(prefix: String, time: Int64, pid: Int32) -> String {
        prefix + #"0,"time":\#(time),"phase":"activating","pid":\#(pid)}"# + "\n"
    }

    /// No plugin is running any more.
    static func disarm() { CrashHandler.armed.clear() }

    /// `text` as the inside of a JSON string: quotes, backslashes and control characters escaped.
    private static func jsonEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
