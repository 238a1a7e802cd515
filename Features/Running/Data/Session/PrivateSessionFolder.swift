import Foundation
import Glibc
import RunningDomain

/// The folder of same-machine sessions, made and checked to be this user's own: created with mode 0700,
/// opened without following a symbolic link, and its owner and mode read from that descriptor (not from a
/// path that could change between the check and the use). Session files are created in it through the
/// same descriptor with `O_EXCL | O_NOFOLLOW`, so that nobody's file or link is ever written through.
final class PrivateSessionFolder {
    let url: URL
    private let descriptor: Int32

    /// Creates the folder if needed, then checks it.
    /// - Throws: `LiveSessionError.folderNotPrivate` when it is not a folder, belongs to another user or
    ///   can be written by others.
    init(_ url: URL) throws {
        self.url = url
        let path = url.path
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw LiveSessionError.folderNotPrivate(path: path, reason: .unusable(Self.lastError()))
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason: LiveSessionError.FolderReason = errno == ENOTDIR || errno == ELOOP ? .notAFolder : .unusable(Self.lastError())
            throw LiveSessionError.folderNotPrivate(path: path, reason: reason)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = LiveSessionError.FolderReason.unusable(Self.lastError())
            close(descriptor)
            throw LiveSessionError.folderNotPrivate(path: path, reason: reason)
        }
        let reason: LiveSessionError.FolderReason? =
            status.st_uid != geteuid()
            ? .ownedByAnotherUser
            : status.st_mode & 0o022 != 0 ? .writableByOthers : nil
        if let reason {
            close(descriptor)
            throw LiveSessionError.folderNotPrivate(path: path, reason: reason)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Creates the empty file `name` for this user alone (0600); `false` if something of that name exists.
    func createFile(named name: String) throws -> Bool {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            if errno == EEXIST { return false }
            throw LiveSessionError.folderNotPrivate(path: url.path, reason: .unusable(Self.lastError()))
        }
        close(file)
        return true
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
