import FoundationEssentials
import Glibc
import Synchronization

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

    /// `<parent>/<pid>-<token>`: a private folder for this process alone, made when first needed with
    /// ``preparePerProcess(_:)``. The token tells apart processes with the same pid: every helper is pid 2 in
    /// its own pid namespace.
    static func perProcess(in parent: URL) -> URL {
        parent.appendingPathComponent("\(getpid())-\(processToken)", isDirectory: true)
    }

    private static let processToken = String(UInt64.random(in: 0...UInt64.max), radix: 36)

    /// The per-process folders this process holds: a descriptor of each with an `flock` on it, for as long
    /// as the process runs (the kernel lets go of it when the process ends, however it ends).
    private static let held = Mutex<[String: Int32]>([:])

    /// Makes the per-process folder `url` (see ``prepare(_:)``) and holds it, then removes those beside it
    /// that no process holds (their processes ended). A pid can't tell: a helper's is its namespace's.
    static func preparePerProcess(_ url: URL) throws(PrivateFolderError) {
        let path = url.standardizedFileURL.path
        try held.withLock { held throws(PrivateFolderError) in
            if let descriptor = held[path] {
                if isFolder(descriptor, at: path) { return }
                close(descriptor)
                held[path] = nil
            }
            // Another process removing it as left over holds it meanwhile: waited for, then made again.
            for _ in 0..<3 {
                try prepare(url)
                let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
                if isFolder(descriptor, at: path) {
                    held[path] = descriptor
                    return
                }
                close(descriptor)
            }
            throw .unmakeable(path: path, detail: "another process keeps removing it", blocker: nil)
        }
        let parent = url.deletingLastPathComponent()
        let names: [String]
        do {
            names = try folderNames(parent.path)
        } catch {
            if case .tooBig = error.reason {
                Console.warning("\(error), so the folders of processes that ended are left in it: remove them while no strata runs")
            }
            return
        }
        for name in names where name != url.lastPathComponent {
            let descriptor = open(parent.appendingPathComponent(name).path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(at: parent.appendingPathComponent(name)) }
            close(descriptor)
        }
    }

    /// Whether `descriptor` is still the folder at `path` (not removed, nor replaced).
    private static func isFolder(_ descriptor: Int32, at path: String) -> Bool {
        var opened = stat(), named = stat()
        return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0 && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
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
