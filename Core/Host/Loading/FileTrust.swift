import Glibc

/// Whether a plugin file can be trusted to hold the user's own code, as OpenSSH's StrictModes and sudo's
/// secure path decide it: the file and every folder above it up to `/` must be owned by the user or root and
/// be writable by nobody else, since whoever can write a folder can rename what is in it and put other code
/// in its place. The one exception is a sticky folder owned by root, like `/tmp`, where only an entry's owner
/// may rename it; a plugin folder itself may never be such a shared folder. Paths are real paths (symlinks
/// resolved), so a link in a safe folder is judged by where it leads.
struct FileTrust {
    /// The user whose code may run: the effective user.
    var user: uid_t = geteuid()
    private var folderVerdicts: [String: PluginFailure?] = [:]

    /// Why the plugin file at `path` can't be trusted, or `nil` if it can. `status` is the file's, if known.
    mutating func problem(forPluginAt path: String, status: stat? = nil) -> PluginFailure? {
        if let problem = ownProblem(path, isPluginFolder: false, known: status) { return problem }
        var folder = parent(of: path)
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

    private func ownProblem(_ path: String, isPluginFolder: Bool, known: stat? = nil) -> PluginFailure? {
        var status = known ?? stat()
        guard known != nil || stat(path, &status) == 0 else { return .notLoadable("can't inspect \(path): \(String(cString: strerror(errno)))") }
        if status.st_uid != user && status.st_uid != 0 {
            return .foreignOwner(path: path, owner: userName(status.st_uid), isFolder: (status.st_mode & S_IFMT) == S_IFDIR)
        }
        guard status.st_mode & (S_IWGRP | S_IWOTH) != 0 else { return nil }
        let sharedSystemFolder = (status.st_mode & S_ISVTX) != 0 && status.st_uid == 0
        if sharedSystemFolder && !isPluginFolder { return nil }
        return sharedSystemFolder ? .sharedPluginFolder(path: path) : .unsafePermissions(path: path)
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
