import FoundationEssentials
import Glibc

/// What each plugin's helpers cost, one line per helper that ended, in `<state>/accounting/<id>.jsonl`
/// (append-only; past ``rotationBytes`` renamed to `<id>.jsonl.1`, replacing an older one). The figures are
/// the kernel's, from `wait4` (``HelperUsage``): strata writes every line, never the helper. Read back summed
/// over a window (``Window``) by `strata plugins top`.
struct HelperAccounting: Sendable {
    /// `<state>/accounting`.
    let directory: URL

    /// A file past this is rotated before the next line.
    static let rotationBytes = 1 << 20
    /// The most read of one file: a file rotated at 1 MiB, and the last lines of writers that raced.
    static let readLimit = 2 << 20

    init(environment: [String: String]) {
        directory = stateDirectory(environment).appendingPathComponent("accounting", isDirectory: true)
    }

    /// How a helper ended.
    enum Ending: String, Codable, Sendable {
        /// On its own, or stopped by strata once its work was done.
        case exit
        /// A fatal signal of its own (SIGSEGV, SIGILL, a trap…).
        case crash
        /// Past its CPU time: SIGXCPU, or strata's kill.
        case cpu
        /// strata ended it for time: it didn't load, answer a screen, or end its command after Ctrl-C in time.
        case time
        /// SIGKILL from elsewhere (the kernel's out-of-memory killer, the user).
        case killed

        /// From its `waitpid` status, and what strata said when it killed it (``HelperLifetime/request(_:)``),
        /// which tells a SIGKILL of strata's from another.
        init(status: Int32, requested: Ending?) {
            switch status & 0x7f {
            case 0: self = .exit
            case SIGXCPU: self = .cpu
            case SIGKILL: self = requested ?? .killed
            default: self = .crash
            }
        }
    }

    /// One helper's line.
    struct Record: Codable, Equatable, Sendable {
        var id: String
        /// When it started and ended, in seconds since 1970.
        var start: Double
        var end: Double
        /// The command lines it was sent.
        var commands: Int
        /// User and system CPU time.
        var cpuMicroseconds: Int
        /// Its peak resident set (KiB); absent when the kernel's figure was lost with its init.
        var peakKilobytes: Int?
        var ended: Ending

        /// Whether its figures are ones a helper can have: times in order and within 3,000 years of 1970
        /// (1e11 s), no count below zero. A damaged line (a start of -1e308) made the wall time infinite,
        /// and `plugins top --json` and `plugins info --json` printed `null`.
        var isPlausible: Bool {
            abs(start) < 1e11 && abs(end) < 1e11 && end >= start && commands >= 0 && cpuMicroseconds >= 0
                && (peakKilobytes ?? 0) >= 0
        }
    }

    func file(of id: String) -> URL { directory.appendingPathComponent("\(id).jsonl") }

    /// Appends `record` to its plugin's file, rotating the file first when it passed ``rotationBytes``. Best
    /// effort: a line that can't be written is lost, and the helper's end goes on.
    func append(_ record: Record) {
        guard Self.isFileName(record.id), var line = try? JSONEncoder().encode(record) else { return }
        line.append(UInt8(ascii: "\n"))
        PrivateLog.append(Array(line), to: file(of: record.id).path, in: directory, rotatingAt: Self.rotationBytes)
    }

    /// The lines of plugin `id`'s helpers that ended at or after `since` (seconds since 1970; `nil`: all), from
    /// its file and the rotated one. Lines that aren't plausible records of `id` are skipped.
    func records(of id: String, since: Double?) -> [Record] {
        guard Self.isFileName(id), PrivateFolder.isPrivate(directory) else { return [] }
        return [file(of: id).path + ".1", file(of: id).path].flatMap { path in
            Self.records(inFile: path, of: id).filter { $0.end >= (since ?? -.infinity) }
        }
    }

    /// Whether `id` can name a file of this folder (a plugin id always can; this guards the path).
    static func isFileName(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 200 && !id.hasPrefix(".") && !id.contains("/") && !id.contains("\0")
    }
}
