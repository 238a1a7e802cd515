import Glibc

/// Whether a plugin file can be trusted to hold the user's own code, as OpenSSH's StrictModes and sudo's
/// secure path decide it: the file and every folder above it up to `/` must be owned by the user or root and
/// be writable by nobody else, since whoever can write a folder can rename what is in it and put other code
/// in its place. The one exception is a sticky folder owned by root, like `/tmp`, where only an entry's owner
/// may rename it; a plugin folder itself may never be such a shared folder. Paths are real paths (symlinks
/// resolved). A link is judged twice: the plugin folder that holds it (whoever may write there could point
/// the link elsewhere), then where it leads. A plugin is a regular file: a device, FIFO or folder is refused.
struct FileTrust {
    /// The user whose code may run: the effective user.
    var user: uid_t = geteuid()
    private var folderVerdicts: [String: PluginFailure?] = [:]

    /// Why the plugin file at `path` can't be trusted, or `nil` if it can. `status` is the file's, if known.
    mutating func problem(forPluginAt path: String, status known: stat? = nil) -> PluginFailure? {
        var status = stat()
        if let known {
            status = known
        } else {
            do { status = try Self.status(of: path) } catch { return error }
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .notRegularFile(path: path) }
        if let problem = ownProblem(path, status: status, isPluginFolder: false) { return problem }
        return problem(forPluginFolder: parent(of: path))
    }

    /// Why the plugin file at `path`, opened in a plugin folder already found trustworthy, can't be trusted
    /// by itself (its type, owner and mode, from `status`), or `nil` if it can.
    func problem(forFileInJudgedFolder path: String, status: stat) -> PluginFailure? {
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .notRegularFile(path: path) }
        return ownProblem(path, status: status, isPluginFolder: false)
    }

    /// Why the plugin folder `folder` (a real path), or a folder above it, can't be trusted, or `nil` if
    /// they all can.
    mutating func problem(forPluginFolder folder: String) -> PluginFailure? {
        var folder = folder
        var isPluginFolder = true
        while true {
            if let problem = folderProblem(folder, isPluginFolder: isPluginFolder) { return problem }
            if folder == "/" { return nil }
            folder = parent(of: folder)
            isPluginFolder = false
        }
    }

    private mutating func folderProblem(_ folder: String, isPluginFolder: Bool) -> PluginFailure? {
        let key = (isPluginFolder ? "plugin folder:" : "") + folder
        if let verdict = folderVerdicts[key] { return verdict }
        let verdict = ownProblem(folder, isPluginFolder: isPluginFolder)
        folderVerdicts[key] = verdict
        return verdict
    }

    private func ownProblem(_ path: String, isPluginFolder: Bool) -> PluginFailure? {
        do { return ownProblem(path, status: try Self.status(of: path), isPluginFolder: isPluginFolder) } catch { return error }
    }

    private func ownProblem(_ path: String, status: stat, isPluginFolder: Bool) -> PluginFailure? {
        if status.st_uid != user && !Self.isRoot(status.st_uid) {
            return .foreignOwner(path: path, owner: userName(status.st_uid), isFolder: (status.st_mode & S_IFMT) == S_IFDIR)
        }
        guard status.st_mode & (S_IWGRP | S_IWOTH) != 0 else { return nil }
        let sharedSystemFolder = (status.st_mode & S_ISVTX) != 0 && Self.isRoot(status.st_uid)
        if sharedSystemFolder && !isPluginFolder { return nil }
        return sharedSystemFolder ? .sharedPluginFolder(path: path) : .unsafePermissions(path: path)
    }

    /// Whether `owner` is root here (``rootHere`` is read only for an owner that isn't 0: not on a start's way).
    private static func isRoot(_ owner: uid_t) -> Bool { owner == 0 || owner == rootHere }

    /// Root's user id here: 0, but in a helper's user namespace, which maps strata's user alone, root's files
    /// (and every other user's) read as owned by the overflow id, 65534. strata judged the same path outside
    /// before it started the helper, and refused a folder of another user's; no user but root can give a
    /// folder away, so the helper takes that id for root.
    private static let rootHere: uid_t = {
        let descriptor = open("/proc/self/uid_map", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return 0 }
        let lines = bytes[..<count].split(separator: UInt8(ascii: "\n")).map {
            $0.split(separator: UInt8(ascii: " ")).compactMap { UInt32(String(decoding: $0, as: UTF8.self)) }
        }
        // Each line: the first id inside, the first outside, how many.
        if let line = lines.first(where: { $0.count == 3 && $0[1] == 0 }) { return line[0] }
        return lines.isEmpty ? 0 : 65534
    }()

    private static func status(of path: String) throws(PluginFailure) -> stat {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            var link = stat()
            guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { throw .notLoadable("can't inspect \(path): \(reason)") }
            throw .notLoadable("\(path) is a link that leads to no file (\(reason)): remove it, or point it at a plugin library")
        }
        return status
    }

    private func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return "/" }
        return String(path.utf8[..<slash])!
    }

    private func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "'\(String(cString: name))' (uid \(uid))"
    }
}
