import FoundationEssentials
import Glibc

/// Remembers which plugin was running when `strata` crashed, so that the next run skips it instead of
/// crashing the same way (VS Code's "extension host terminated unexpectedly", remembered).
///
/// While a plugin's code runs (its activation, its command, its screen), the host keeps the plugin armed
/// here. A fatal signal (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE) then writes
/// `<state>/crashes/<id>.json` from the signal handler (only async-signal-safe calls: `open`, `write`,
/// `time`), and the previous handler runs as before. The record names the library by path, size,
/// modification time and inode: it holds until the file changes or `strata plugins retry ID` removes it.
enum CrashJournal {
    /// A crash the journal remembers.
    struct Record: Codable, Equatable {
        let id: String
        let path: String
        let size: Int64
        let modified: Int64
        let inode: UInt64
        let signal: Int32
        /// Seconds since 1970.
        let time: Int64

        /// `SIGILL (4) on 2026-11-24 15:30 UTC`.
        var summary: String {
            var seconds = time_t(time), parts = tm()
            gmtime_r(&seconds, &parts)
            func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
            let date = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
            return "\(signalName(signal)) on \(date)"
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
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        guard let record = try? JSONDecoder().decode(Record.self, from: data),
              let identity = FileIdentity(path: path),
              record.path == path, record.size == identity.size, record.modified == identity.modified, record.inode == identity.inode else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        return record
    }

    /// The ids with a record in the journal (read once, rather than one file lookup per plugin).
    static func journaledIDs(in directory: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) })
    }

    /// Every crash the journal holds, newest first (whether or not the file has changed since).
    static func records(in directory: URL) -> [Record] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }
            .compactMap { FileManager.default.contents(atPath: "\(directory.path)/\($0)").flatMap { try? JSONDecoder().decode(Record.self, from: $0) } }
            .sorted { $0.time > $1.time }
    }

    /// Forgets plugin `id`'s crash. Returns whether there was one.
    @discardableResult
    static func forget(_ id: String, in directory: URL) -> Bool {
        (try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(id).json"))) != nil
    }

    /// Makes plugin `id` (its library at `path`) the one a crash from now on is blamed on, until `disarm()`
    /// or another `arm`. Installs the signal handlers the first time.
    static func arm(_ id: String, path: String, in directory: URL) {
        guard let identity = FileIdentity(path: path) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let prefix = #"{"id":"\#(jsonEscaped(id))","path":"\#(jsonEscaped(path))","size":\#(identity.size),"modified":\#(identity.modified),"inode":\#(identity.inode),"signal":"#
        armed.set(file: directory.appendingPathComponent("\(id).json").path, prefix: prefix)
        installHandlers()
    }

    /// No plugin is running any more.
    static func disarm() { armed.clear() }

    private static func jsonEscaped(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self).dropFirst().dropLast().description
    }

    // MARK: The signal handler

    static let fatalSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE]

    /// What the handler writes: the record's file and the text before the signal number, as C strings
    /// that stay valid while armed (the old ones are leaked on re-arming, so a handler running at that
    /// moment never reads freed memory).
    static let armed = ArmedRecord()
    /// The handlers that were there before, indexed by signal number (a plain buffer: the handler reads
    /// it without touching reference counts).
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) private static var installed = false

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = crashHandler
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            previous[Int(signal)] = sigaction()
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    fileprivate static func handle(_ signal: Int32, fromKernel: Bool) {
        armed.write(signal: signal)
        sigaction(signal, previous + Int(signal), nil)
        // A fault comes back when the instruction runs again and reaches the previous handler; a signal
        // sent with kill or raise has to be sent again.
        if !fromKernel { raise(signal) }
    }
}

private func crashHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    CrashJournal.handle(signal, fromKernel: (info?.pointee.si_code ?? 0) > 0)
}

/// The armed record as raw C strings, written with async-signal-safe calls only.
final class ArmedRecord: @unchecked Sendable {
    private var file: UnsafeMutablePointer<CChar>?
    private var prefix: UnsafeMutablePointer<CChar>?

    func set(file: String, prefix: String) {
        // Published in this order so that a handler never sees a file without its text.
        self.prefix = strdup(prefix)
        self.file = strdup(file)
    }

    func clear() { file = nil }

    func write(signal: Int32) {
        guard let file, let prefix else { return }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = Glibc.write(descriptor, prefix, strlen(prefix))
        writeNumber(Int64(signal), to: descriptor)
        _ = Glibc.write(descriptor, ",\"time\":", 8)
        writeNumber(Int64(time(nil)), to: descriptor)
        _ = Glibc.write(descriptor, "}\n", 2)
        close(descriptor)
    }

    /// Decimal digits without allocating.
    private func writeNumber(_ value: Int64, to descriptor: Int32) {
        var digits: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
                     CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = value < 0 ? 0 : value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(48 + remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0 && count < 20
            _ = Glibc.write(descriptor, buffer.baseAddress! + 20 - count, count)
        }
    }
}
