import Glibc

/// What tells one library file from another: its size, modification time and inode. The crash journal
/// keeps it with a crash, and loading checks that the file judged is the file loaded (``PluginFile``).
struct FileIdentity: Equatable {
    let size: Int64
    let modified: Int64
    let inode: UInt64

    init(_ status: stat) {
        size = Int64(status.st_size)
        // Wrapping: a file's time is whatever `touch` set (the year 2300 overflows nanoseconds since 1970),
        // and only equality counts.
        modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
        inode = UInt64(status.st_ino)
    }

    /// The identity another process judged, as it sent it (``HelperPluginRecord``).
    init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
