import FoundationEssentials
import Glibc

/// Replaces a file whole: the new bytes go to a staging file created beside it, which is then renamed over
/// it, so a reader sees the old bytes or the new, never half. The staging file is created exclusively
/// (`O_EXCL | O_NOFOLLOW`) under an unpredictable name, so nothing planted in the folder (a file or a
/// symbolic link under a guessed name) is ever written through.
enum StagedFile {
    /// Replaces the file at `path` with `bytes`, keeping its permissions from the first byte (a config may
    /// hold a key; a new file gets 0644). A symbolic link at `path` stays a link and the file it names is
    /// replaced, but only a link of the user's or root's: another user's link could aim the write anywhere.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, link.st_uid != geteuid(), link.st_uid != 0 {
            throw StagedFileError.foreignLink(path: path, owner: link.st_uid)
        }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        let mode = stat(real, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        try write(bytes, over: real, mode: mode)
    }

    /// Copies the library `library` to `target` (never through a link there), mode 0644.
    static func place(_ library: URL, at target: URL) throws {
        try write(Array(try Data(contentsOf: library)), over: target.path, mode: 0o644)
    }

    /// Writes `bytes` to a new staging file beside `target` with `mode`, then renames it over `target`.
    /// `durable` flushes the bytes to the disk before the rename (`fsync`), so that they survive a power
    /// loss too; without it they survive the end of this process (any end: the kernel holds them) but not
    /// of the machine, for records that matter only while it runs (the crash journal's "activating" entry).
    /// `holding` takes that `flock` on the new file before it is renamed into place and returns its descriptor,
    /// still open and holding it, for the caller to close: no reader ever finds the file there unheld.
    @discardableResult
    static func write(_ bytes: [UInt8], over target: String, mode: mode_t, durable: Bool = true, holding lock: Int32? = nil) throws -> Int32? {
        let (descriptor, staging) = try create(beside: target, mode: mode)
        var failure: Int32 = 0
        if fchmod(descriptor, mode) != 0 { failure = errno }  // open's mode is narrowed by the umask
        if failure == 0, let lock, flock(descriptor, lock) != 0 { failure = errno }
        var done = 0
        while failure == 0 && done < bytes.count {
            let written = bytes.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { failure = written < 0 ? errno : EIO } else { done += written }
        }
        if failure == 0 && durable && fsync(descriptor) != 0 { failure = errno }
        if failure == 0 && rename(staging, target) != 0 { failure = errno }
        if failure != 0 || lock == nil { close(descriptor) }
        if failure != 0 {
            unlink(staging)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        return lock == nil ? nil : descriptor
    }

    /// A new file `.<name>.<random>.new` beside `target`, open for writing, created by this call alone.
    private static func create(beside target: String, mode: mode_t) throws -> (Int32, String) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        for _ in 0..<16 {
            let staging = "\(folder)/.\(url.lastPathComponent).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).new"
            let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return (descriptor, staging) }
            guard errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        throw POSIXError(.EEXIST)
    }
}

/// Why strata won't replace a file.
enum StagedFileError: Error, CustomStringConvertible {
    case foreignLink(path: String, owner: uid_t)

    var description: String {
        switch self {
        case .foreignLink(let path, let owner):
            let name = getpwuid(owner).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "uid \(owner)"
            return "\(path) is a symbolic link made by user '\(name)', not by you; strata won't write through it. Remove the link and run the command again"
        }
    }
}
