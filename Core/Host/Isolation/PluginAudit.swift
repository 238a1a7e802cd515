import FoundationEssentials
import Glibc
import StrataBase

/// What crossed between a plugin's helper and strata, as strata decided it: one JSON object per line in
/// `<state>/audit/<id>.jsonl` (the state folder the approvals use), renamed to `<id>.jsonl.1` once it passes
/// ``rotateBytes``. Written by strata alone (``PluginAuditLog``), never by the helper; read by
/// `strata plugins audit`, its app screen and `plugins top` through ``entries(of:since:environment:)``.
enum PluginAudit {
    /// The size past which the file is renamed to `<id>.jsonl.1` and a new one started.
    static let rotateBytes = 1 << 20
    /// The longest line written or believed.
    static let lineLimit = 4_096

    /// What a line holds. Never a secret's value, a request body, or a URL's query string.
    struct Entry: Codable, Equatable, Sendable {
        enum Kind: String, Codable, CaseIterable, Sendable {
            case http, socket, file, variable, prompt
        }

        /// ISO 8601 in UTC with milliseconds: `2026-12-06T12:00:00.123Z`.
        var time: String
        var kind: Kind
        var refused: Bool
        /// HTTP and sockets: the host and port; HTTP: its method and the URL's path (without its query).
        var host: String?
        var port: Int?
        var method: String?
        /// Files and prompts: the path; sockets: `listen` or `connect`.
        var path: String?
        var endpoint: String?
        /// Files: whether the plugin's helper writes it itself (``how`` `written`, `folder`).
        var write: Bool?
        /// Files: `argument` (a file named on the command line, which crosses opened), `written` or `folder`
        /// (a path the helper reaches itself), `asked` (a file its screen asked for), `again` (allowed before).
        var how: String?
        /// Variables: its name (never its value).
        var name: String?
        /// Prompts: `allowed` or `denied`.
        var answer: String?
        /// Why strata refused, in words.
        var reason: String?

        init(
            kind: Kind, refused: Bool, time: Date = Date(), host: String? = nil, port: Int? = nil, method: String? = nil, path: String? = nil,
            endpoint: String? = nil, write: Bool? = nil, how: String? = nil, name: String? = nil, answer: String? = nil, reason: String? = nil
        ) {
            // What the helper chose (a host, a path, a method) may carry a key: every secret strata knows of is
            // masked (SecretMask), and a method is a word of capitals or nothing.
            func bounded(_ text: String?, _ length: Int) -> String? { text.map { SecretMask.masking(String($0.prefix(length))) } }
            self.time = PluginAudit.timeText(time)
            self.kind = kind
            self.refused = refused
            self.host = bounded(host, 253)
            self.port = port
            self.method = method.map { $0.count <= 16 && $0.allSatisfy { ("A"..."Z").contains($0) } ? $0 : "?" }
            self.path = bounded(path, 1_000)
            self.endpoint = bounded(endpoint, 16)
            self.write = write
            self.how = how
            self.name = bounded(name, 128)
            self.answer = answer
            self.reason = bounded(reason, 600)
        }

        /// When it happened; `nil` when its time can't be read.
        var date: Date? { PluginAudit.date(time) }

        /// What crossed, in a few words: `GET api.themoviedb.org:443/3/search/movie`, `variable TMDB_API_KEY`.
        var summary: String {
            let text: String =
                switch kind {
                case .http: "\(method ?? "?") \(host ?? "?"):\(port.map(String.init) ?? "?")\(path ?? "")"
                case .socket: "\(endpoint ?? "connect") \(host ?? "?"):\(port.map(String.init) ?? "?")"
                case .file: "\(write == true ? "write" : "read") \(path ?? "?") (\(how ?? "given"))"
                case .variable: "\(name ?? "?")"
                case .prompt: "asked for \(path ?? "?"): \(answer ?? "?")"
                }
            return Sanitizer.sanitize(text)
        }

        /// `sent`, `allowed` (a socket: strata then opens it), `given`, `refused: why`.
        var verdict: String {
            guard refused else {
                return switch kind {
                case .http: "sent"
                case .socket: "allowed"
                case .file, .variable: "given"
                case .prompt: answer == "allowed" ? "given" : "not given"
                }
            }
            return Sanitizer.sanitize("refused" + (reason.map { ": \($0)" } ?? ""))
        }
    }

    /// `<state>/audit`.
    static func directory(_ environment: [String: String]) -> URL {
        stateDirectory(environment).appendingPathComponent("audit", isDirectory: true)
    }

    /// `<state>/audit/<id>.jsonl`.
    static func file(of id: String, environment: [String: String]) -> URL {
        directory(environment).appendingPathComponent("\(id).jsonl")
    }

    /// What plugin `id`'s helpers did, oldest first: the lines of `<id>.jsonl.1` then `<id>.jsonl` since `since`
    /// (all when `nil`). A line that isn't an entry is skipped; a file that isn't the user's alone, or is
    /// larger than a rotated one can be, is not read.
    static func entries(of id: String, since: Date? = nil, environment: [String: String]) -> [Entry] {
        read(of: id, since: since, environment: environment).entries
    }

    /// What ``read(of:since:environment:)`` found: the entries, the lines that aren't entries, and each file of
    /// the audit that is there but wasn't read, with why, for the user (an audit that shows nothing must say
    /// when that is because its file was refused).
    struct Reading {
        var entries: [Entry] = []
        var skippedLines = 0
        var unread: [String] = []
    }

    static func read(of id: String, since: Date? = nil, environment: [String: String]) -> Reading {
        let current = file(of: id, environment: environment)
        let decoder = JSONDecoder()
        var reading = Reading()
        for path in [current.path + ".1", current.path] {
            switch lines(path) {
            case .failure(let unread): reading.unread.append("\(path) \(unread.why)")
            case .success(let lines):
                for line in lines {
                    guard line.count <= lineLimit, let entry = try? decoder.decode(Entry.self, from: Data(line)) else {
                        reading.skippedLines += 1
                        continue
                    }
                    if let since, !(entry.date.map { $0 >= since } ?? false) { continue }
                    reading.entries.append(entry)
                }
            }
        }
        return reading
    }

    /// How many crossings plugin `id`'s helpers made since `since` (all when `nil`), and how many of them strata
    /// refused: `plugins top`'s two columns.
    struct Counts: Equatable, Sendable {
        var crossings = 0
        var refusals = 0
    }

    static func counts(of id: String, since: Date?, environment: [String: String]) -> Counts {
        let entries = entries(of: id, since: since, environment: environment)
        return Counts(crossings: entries.count, refusals: entries.filter(\.refused).count)
    }

    /// Why a file of the audit was not read, after its path: `is writable by others, so it isn't believed`.
    struct Unread: Error {
        var why: String
    }

    /// The lines of the file at `path` (none when it isn't there), read through one descriptor: a regular file
    /// of the user's that no one else may write, of at most twice ``rotateBytes`` (one writer may pass it
    /// before renaming it); anything else is not read, and says why.
    private static func lines(_ path: String) -> Result<[ArraySlice<UInt8>], Unread> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .success([]) }
            return .failure(
                Unread(why: errno == ELOOP ? "is a symbolic link, which strata doesn't follow" : "can't be opened: \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure(Unread(why: "is not a regular file")) }
        guard status.st_uid == geteuid() else { return .failure(Unread(why: "belongs to another user, so it isn't believed")) }
        guard status.st_mode & 0o022 == 0 else { return .failure(Unread(why: "is writable by others, so it isn't believed (chmod 600 it, or remove it)")) }
        guard let bytes = readWhole(descriptor, status: status, limit: 2 * rotateBytes) else {
            return .failure(Unread(why: "is larger than \(2 * rotateBytes >> 20) MiB, which strata's own log never is, or can't be read"))
        }
        return .success(bytes.split(separator: UInt8(ascii: "\n")))
    }

    /// `2026-12-06T12:00:00.123Z`.
    static func timeText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func date(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The length of time `text` says: a whole number and a unit, `30s`, `10m`, `2h` or `1d`, of at most ten
    /// years; `nil` for anything else.
    static func duration(_ text: String) -> TimeInterval? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), text.count <= 12 else { return nil }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let count = Int(digits), count > 0 else { return nil }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, seconds <= 3_650 * 86_400 else { return nil }
        return TimeInterval(seconds)
    }
}
