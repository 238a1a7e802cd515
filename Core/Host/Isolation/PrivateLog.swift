import FoundationEssentials
import Glibc

/// An append-only file of lines that only this user may write (the audit log, ``PluginAudit``, and the
/// accounting, ``HelperAccounting``): each line is one `write` on a descriptor opened `O_APPEND` (0600, in a
/// folder of 0700), so that lines from several strata processes don't interleave, under the file's exclusive
/// `flock` (waited for at most about 100 ms), under which a file past its size is renamed to `<name>.1`
/// first, replacing an older one. A line that can't be written is dropped: what it records never fails for it.
enum PrivateLog {
    /// Appends `line` (ending in a newline) to the file at `path` in `folder`, rotating it first past `rotateBytes`.
    static func append(_ line: [UInt8], to path: String, in folder: URL, rotatingAt rotateBytes: Int) {
        guard let descriptor = openForAppending(path, in: folder, rotatingAt: rotateBytes) else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The file opened to append and locked, rotated first when it is full; `nil` when it can't be: not a
    /// regular file of the user's that nobody else may write (which its readers wouldn't believe either).
    private static func openForAppending(_ path: String, in folder: URL, rotatingAt rotateBytes: Int) -> Int32? {
        for _ in 0..<2 {
            var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            if descriptor < 0, errno == ENOENT {
                guard (try? PrivateFolder.prepare(folder)) != nil else { return nil }
                descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            }
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                status.st_mode & 0o022 == 0, lock(descriptor),
                fstat(descriptor, &status) == 0
            else {
                close(descriptor)
                return nil
            }
            guard status.st_size >= rotateBytes else { return descriptor }
            // Full: renamed, if the name still leads to this file (another process may have renamed it since it opened).
            var named = stat()
            if lstat(path, &named) == 0, named.st_ino == status.st_ino, named.st_dev == status.st_dev { rename(path, path + ".1") }
            close(descriptor)
        }
        return nil
    }

    /// Takes the file's exclusive lock, waiting at most about 100 ms for another strata that holds it.
    private static func lock(_ descriptor: Int32) -> Bool {
        for _ in 0..<100 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            usleep(1_000)
        }
        return false
    }
}
