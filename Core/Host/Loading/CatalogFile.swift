import FoundationEssentials
import Glibc
import StrataPluginKit

/// The compact catalog of one plugin folder: for each library, what its descriptor says that listing and
/// routing need (``PluginFacts``) or why it can't be used, so that a run whose libraries haven't changed
/// reads one small file and parses no descriptor. VS Code keeps its extension manifests the same way, and
/// Neovim one manifest for all remote plugins.
///
/// A record counts only while its file's identity is what it was when read: device, inode, size, and the
/// modification and change times to the nanosecond. Writing a file or renaming one over it changes its
/// change time, which no user call can set back, so a changed library is always read again. The catalog
/// holds what a descriptor says, not verdicts on the file: trust, duplicate ids and dependencies are judged
/// again on every run, and a library's code is still checked against its descriptor when it is activated.
/// What is judged once, when the catalog is built, is whether the recorded plugins' command words clash
/// (``wordsAgree``): a run then checks words only across folders.
///
/// The file is `<state>/descriptors/<folder hash>`, written (mode 0600) to a temporary name of its own and renamed, so a reader
/// never sees half of one; its layout is in `CatalogFile+Coding.swift`. One that doesn't parse is ignored
/// and rewritten; one that another user could have written (its folder or itself writable by others, or
/// owned by someone else) is not believed.
struct CatalogFile: Equatable, Sendable {
    /// What `stat` says of a file, as far as the catalog compares it.
    struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64
        let modified: timespec.Parts, changed: timespec.Parts

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim.parts
            changed = status.st_ctim.parts
        }

        init(device: UInt64, inode: UInt64, size: Int64, modified: timespec.Parts, changed: timespec.Parts) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
        }
    }

    /// What one library's descriptor gave.
    enum Outcome: Equatable, Sendable {
        /// Boxed: a record is then its identity and one reference, and copying one retains one box, not each
        /// of the facts' strings and lists (inline, 500 plugins' records made the table touch 350 KB).
        indirect case facts(PluginFacts)
        /// Why it can't be used: unreadable, damaged, built for another ABI, an id that isn't the file's.
        case problem(String)
    }

    struct Record: Equatable, Sendable {
        let identity: Identity
        let outcome: Outcome
    }

    /// The folder's real path.
    let folder: String
    /// By file name.
    var records: [String: Record] = [:]
    /// Whether no two recorded plugins' command words clash (``WordConflicts``); set by ``checkWords()``.
    var wordsAgree = false

    init(folder: String) {
        self.folder = folder
    }

    /// The record of `name`, if the file is still the one it was read from.
    func record(named name: String, status: stat) -> Record? {
        guard let record = records[name], record.identity == Identity(status) else { return nil }
        return record
    }

    /// Keeps `outcome` for `name`, unless the file changed within the clock's current tick: file times
    /// are taken from that coarse clock, so a second change within the tick could leave every compared
    /// field as it is (git calls such entries "racily clean"). Such a file is read again next time.
    mutating func record(_ outcome: Outcome, named name: String, status: stat, now: timespec) {
        guard status.st_ctim.parts < now.parts else { return }
        records[name] = Record(identity: Identity(status), outcome: outcome)
    }

    /// Judges, once for the catalog as built, whether the recorded plugins' words clash.
    mutating func checkWords() {
        let described = records.sorted { $0.key < $1.key }.compactMap { name, record -> WordConflicts.Claimant? in
            guard case .facts(let facts) = record.outcome else { return nil }
            return WordConflicts.Claimant(path: "\(folder)/\(name)", commandPaths: facts.commandPaths)
        }
        wordsAgree = WordConflicts.reasons(described).isEmpty
    }

    /// The clock file times are taken from.
    static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return now
    }

    // MARK: The file

    /// The largest catalog file read: far above 500 plugins of 25 commands (about 400 KiB).
    static let maximumSize = 64 << 20

    /// `<directory>/<hash of folder>`.
    static func file(for folder: String, in directory: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs, unlike Hasher
        for byte in folder.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16), isDirectory: false)
    }

    /// The catalog of `folder` kept in `directory`, or an empty one if there is none that parses, or if
    /// someone else could have written it (judged through the descriptor it is then read from).
    static func load(folder: String, from directory: URL) -> CatalogFile {
        let empty = CatalogFile(folder: folder)
        guard PrivateFolder.isPrivate(directory) else { return empty }
        let file = open(Self.file(for: folder, in: directory).path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { return empty }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_uid == geteuid(), status.st_mode & (S_IWGRP | S_IWOTH) == 0,
            let bytes = readWhole(file, status: status, limit: maximumSize)
        else { return empty }
        return decode(bytes, folder: folder) ?? empty
    }

    /// Writes the catalog into `directory` (made private to the user if new). A catalog that can't be
    /// written costs the next run its reads, nothing else, so failures are ignored.
    func save(in directory: URL) {
        guard (try? PrivateFolder.prepare(directory)) != nil else { return }
        let path = Self.file(for: folder, in: directory).path, temporary = "\(path).\(getpid()).new"
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard file >= 0 else { return }
        let bytes = encoded()
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        close(file)
        // Another strata may be saving the same folder's catalog: each writes its own name, the last rename wins.
        if written < bytes.count || rename(temporary, path) != 0 { unlink(temporary) }
    }
}

extension timespec {
    struct Parts: Comparable, Sendable {
        let seconds: Int64, nanoseconds: Int64

        static func < (a: Parts, b: Parts) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }

    var parts: Parts { Parts(seconds: Int64(tv_sec), nanoseconds: Int64(tv_nsec)) }
}
