import Glibc

/// The whole of the file open as `file`, whose `status` the caller took with `fstat` and judged: `nil` unless
/// it is a regular file of at most `limit` bytes that reads to the length `fstat` gave (a file that shrinks
/// while read has changed under us).
func readWhole(_ file: Int32, status: stat, limit: Int) -> [UInt8]? {
    guard status.st_mode & S_IFMT == S_IFREG, let size = Int(exactly: status.st_size), size <= limit else { return nil }
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress! + filled, size - filled) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return nil }
        filled += count
    }
    return bytes
}

/// The names in the folder at `path`, but `.` and `..`, read with `readdir`: `nil` if it can't be opened or
/// read whole. (Through FoundationEssentials' `contentsOfDirectory`, listing a folder of 500 plugins cost
/// 0.79 M instructions; so, 0.37 M.)
func folderNames(_ path: String) -> [String]? {
    guard let stream = opendir(path) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
        errno = 0
        guard let entry = readdir(stream) else { return errno == 0 ? names : nil }
        let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
        if name != "." && name != ".." { names.append(name) }
    }
}
