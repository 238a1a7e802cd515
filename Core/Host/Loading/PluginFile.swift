import FoundationEssentials
import Glibc

/// A plugin library opened once to be loaded: checked through this descriptor to be the very file that
/// discovery judged (trust, descriptor), hashed through it under pinned trust, and handed to `dlopen`
/// through it, so that nothing renamed over its path meanwhile can be loaded in its place.
struct PluginFile: ~Copyable {
    let descriptor: Int32
    /// The real path discovery found it at.
    let path: String

    /// Opens the library at `path` (a real path: no link is followed) and checks that it is still the file
    /// whose identity discovery recorded.
    /// - Throws: `PluginFailure` if it can't be opened or has been replaced since it was judged.
    init(path: String, judged: FileIdentity?) throws(PluginFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { throw .notLoadable("can't open \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            let judged, FileIdentity(status) == judged
        else {
            close(descriptor)
            throw .replacedSinceChecked(path: path)
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The file's SHA-256, read through the descriptor, or `nil` if it can't be read whole.
    func digest() -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { return SHA256.hex(bytes) }
            bytes += buffer[..<read]
        }
    }

    /// The judged identity of the file at `path` (`status`, if it was taken through a descriptor already).
    static func identity(path: String, status: stat?) -> FileIdentity? {
        if let status { return FileIdentity(status) }
        var status = stat()
        return stat(path, &status) == 0 ? FileIdentity(status) : nil
    }
}
