import FoundationEssentials
import Glibc

/// The folders where strata keeps what it remembers (its state: pins, approvals, the plugin catalogs)
/// and each plugin's data: the user's own, mode 0700. Nobody else may read a plugin's data (a chat
/// history, an API's answers), and a record in a folder someone else could write is not believed, since
/// they could have forged it. Each folder is judged through the descriptor `open` gave for it
/// (`O_NOFOLLOW`: a link planted in its place is refused, not followed).
enum PrivateFolder {
    /// Makes `url` with mode 0700 (and its missing parents), or narrows an existing folder of the user's
    /// to 0700.
    /// - Throws: `PrivateFolderError` if it belongs to someone else, is not a folder, or can't be made.
    static func prepare(_ url: URL) throws(PrivateFolderError) {
        let path = url.standardizedFileURL.path
        var missing: [String] = []
        var ancestor = path
        while !ancestor.isEmpty, ancestor != "/", access(ancestor, F_OK) != 0 {
            missing.append(ancestor)
            ancestor = String(ancestor[..<(ancestor.lastIndex(of: "/") ?? ancestor.startIndex)])
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .unmakeable(path: folder, detail: String(cString: strerror(errno)), blocker: folderProblem(URL(fileURLWithPath: folder)))
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw .notAFolder(path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unmakeable(path: path, detail: String(cString: strerror(errno)), blocker: nil) }
        guard status.st_uid == geteuid() else { throw .foreign(path: path, owner: status.st_uid) }
        // On a read-only file system nothing can be written there, and its mode can't change either: what
        // was there stays readable as it was, and writing it fails on its own, in words.
        if status.st_mode & 0o077 != 0, fchmod(descriptor, 0o700) != 0, errno != EROFS {
            throw .unmakeable(path: path, detail: String(cString: strerror(errno)), blocker: nil)
        }
    }

    /// `<parent>/<pid>`: a private folder for this process alone, made when first needed with
    /// ``preparePerProcess(_:)``.
    static func perProcess(in parent: URL) -> URL {
        parent.appendingPathComponent("\(getpid())", isDirectory: true)
    }

    /// Makes the per-process folder `url` (see ``prepare(_:)``) and removes those that processes which have
    /// ended left beside it.
    static func preparePerProcess(_ url: URL) throws(PrivateFolderError) {
        try prepare(url)
        let parent = url.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let pid = pid_t(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// Whether `url` is a folder of the user's that nobody else can write, so that what is in it can be
    /// believed.
    static func isPrivate(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
    }
}

/// Why a private folder can't be used.
enum PrivateFolderError: Error, CustomStringConvertible {
    case foreign(path: String, owner: uid_t)
    case notAFolder(path: String)
    case unmakeable(path: String, detail: String, blocker: String?)

    var description: String {
        switch self {
        case .foreign(let path, let owner):
            let name = getpwuid(owner).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "uid \(owner)"
            return "\(path) belongs to user '\(name)', not to you, so strata won't keep your data or records there. Remove it, or choose another folder"
        case .notAFolder(let path):
            return "\(path) is not a folder (or is a symbolic link, which strata doesn't follow here). Move it aside"
        case .unmakeable(let path, let detail, let blocker):
            return "can't make \(path) private to you: \(blocker ?? detail)"
        }
    }
}
