import FoundationEssentials
import Glibc
import Synchronization

/// The grants the user said yes to (`strata plugins allow ID`), one file per plugin in
/// `<state>/approvals/<id>.json` with the SHA-256 of the library approved. The folder is the user's alone
/// (0700); a record in a folder someone else could write, or one that isn't whole and sound, approves nothing.
struct PluginApprovals {
    /// `<state>/approvals`.
    let directory: URL

    /// Far more than a record of a plugin's grants needs.
    static let recordLimit = 256 << 10
    /// More grants than any plugin declares; a record with more is not believed.
    static let grantLimit = 4_096

    /// More files than the folder of approvals holds for any user: a folder with more is not listed, and each
    /// plugin's record is looked for by its name.
    static let listingLimit = 10_000

    /// The names in the folder, listed at the first lookup, so that a plugin without a record costs no failed
    /// `open` (`plugins list` over 500 drop-ins looked for 500 records that weren't there). Shared by copies;
    /// ``record(_:digest:path:grants:)`` and ``remove(_:)`` keep it true.
    private let listing = Listing()

    init(environment: [String: String]) {
        directory = stateDirectory(environment).appendingPathComponent("approvals", isDirectory: true)
    }

    /// What an approval file holds.
    struct Record: Codable, Equatable {
        var id: String
        /// The SHA-256 of the library when it was approved.
        var sha256: String
        /// Where it was.
        var path: String
        /// ``PluginGrant/key`` of each grant approved.
        var grants: [String]
    }

    /// What is recorded for a plugin.
    enum Lookup {
        case none
        case recorded(Record, grants: [PluginGrant])
        /// A record is there but can't be believed: why.
        case damaged(String)
    }

    /// The file name of plugin `id`'s record.
    static func fileName(of id: String) -> String { "\(id).json" }

    /// Plugin `id`'s record (named as a file: URL would otherwise ask the disk whether it is a folder).
    func file(of id: String) -> URL { directory.appendingPathComponent(Self.fileName(of: id), isDirectory: false) }

    /// The approval of plugin `id`, read through one descriptor and bounded.
    func lookup(_ id: String) -> Lookup {
        guard listing.mayHold(Self.fileName(of: id), in: directory) else { return .none }
        let url = file(of: id)
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .none : .damaged("can't open it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard PrivateFolder.isPrivate(directory) else { return .damaged("its folder \(directory.path) can be written by others") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
            return .damaged("it isn't yours alone")
        }
        guard let bytes = readWhole(descriptor, status: status, limit: Self.recordLimit) else {
            return .damaged("it isn't a regular file of at most \(Self.recordLimit >> 10) KiB")
        }
        guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)) else {
            return .damaged("it isn't an approval record (JSON with id, sha256, path, grants)")
        }
        guard record.id == id else { return .damaged("it names plugin '\(record.id)'") }
        guard record.sha256.count == 64, record.sha256.allSatisfy(\.isHexDigit) else { return .damaged("its sha256 isn't a SHA-256") }
        guard record.grants.count <= Self.grantLimit else { return .damaged("it names more than \(Self.grantLimit) grants") }
        var grants: [PluginGrant] = []
        for key in record.grants {
            guard let grant = PluginGrant(key: key) else { return .damaged("'\(key)' is not a grant") }
            grants.append(grant)
        }
        return .recorded(record, grants: grants)
    }

    /// Records that the user approved `grants` for plugin `id`, whose library at `path` has `digest`:
    /// written whole to a new file that replaces the old (a reader sees one or the other).
    func record(_ id: String, digest: String, path: String, grants: [PluginGrant]) throws {
        try PrivateFolder.prepare(directory)
        let record = Record(id: id, sha256: digest, path: path, grants: grants.sorted().map(\.key))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try StagedFile.write(Array(try encoder.encode(record)) + [UInt8(ascii: "\n")], over: file(of: id).path, mode: 0o600)
        listing.forget()
    }

    /// Forgets plugin `id`'s approval (`plugins uninstall`).
    func remove(_ id: String) {
        unlink(file(of: id).path)
        listing.forget()
    }

    /// The file names of the folder of approvals, read once: `nil` until read, then the names, or `nil` inside
    /// where the folder couldn't be listed whole (each record is then opened by its name).
    private final class Listing: Sendable {
        private let names = Mutex<Set<String>??>(nil)

        /// Whether a file `name` may be in `directory`: false only when a whole listing of it lacks the name.
        func mayHold(_ name: String, in directory: URL) -> Bool {
            names.withLock { names in
                if names == nil { names = .some(Self.list(directory)) }
                return names!.map { $0.contains(name) } ?? true
            }
        }

        /// Lists the folder again at the next lookup.
        func forget() { names.withLock { $0 = nil } }

        /// The names in `directory` (empty where it doesn't exist), or `nil` if it can't be read or holds more
        /// than ``PluginApprovals/listingLimit`` (each record is then opened by its name: none is missed).
        private static func list(_ directory: URL) -> Set<String>? {
            do {
                return Set(try folderNames(directory.path, limit: PluginApprovals.listingLimit))
            } catch {
                return error.isMissing ? [] : nil
            }
        }
    }
}
