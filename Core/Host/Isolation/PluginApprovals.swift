import FoundationEssentials
import Glibc

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

    func file(of id: String) -> URL { directory.appendingPathComponent("\(id).json") }

    /// The approval of plugin `id`, read through one descriptor and bounded.
    func lookup(_ id: String) -> Lookup {
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
    }

    /// Forgets plugin `id`'s approval (`plugins uninstall`).
    func remove(_ id: String) { unlink(file(of: id).path) }
}
