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

/// The most names ``folderNames(_:limit:)`` lists of a folder unless its caller says otherwise: far more than
/// a folder of plugins, baselines or a package's sources holds, and at most about 25 MB of names.
let folderNameLimit = 100_000

/// The names in the folder at `path`, but `.` and `..`, read with `readdir`. A folder with more than `limit`
/// of them is not listed at all rather than cut (`.tooBig`): each caller says what it does instead. (Through
/// FoundationEssentials' `contentsOfDirectory`, listing a folder of 500 plugins cost 0.79 M instructions; so,
/// 0.37 M.)
/// - Throws: ``FolderListingFailure`` if it can't be opened or read whole, or holds more than `limit` names.
func folderNames(_ path: String, limit: Int = folderNameLimit) throws(FolderListingFailure) -> [String] {
    guard let stream = opendir(path) else { throw FolderListingFailure(path: path, reason: .unreadable(errno)) }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
        errno = 0
        guard let entry = readdir(stream) else {
            guard errno == 0 else { throw FolderListingFailure(path: path, reason: .unreadable(errno)) }
            return names
        }
        let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
        guard name != "." && name != ".." else { continue }
        guard names.count < limit else { throw FolderListingFailure(path: path, reason: .tooBig(limit: limit)) }
        names.append(name)
    }
}

/// Why ``folderNames(_:limit:)`` listed no names of a folder, in words.
struct FolderListingFailure: Error, Equatable, CustomStringConvertible {
    let path: String
    let reason: Reason

    enum Reason: Equatable {
        /// `opendir` or `readdir` failed with this `errno`.
        case unreadable(Int32)
        /// The folder holds more than `limit` names.
        case tooBig(limit: Int)
    }

    /// Whether there is no folder at `path` (nothing there, or a file in the way).
    var isMissing: Bool { reason == .unreadable(ENOENT) || reason == .unreadable(ENOTDIR) }

    var description: String {
        switch reason {
        case .unreadable(let code): "can't list \(path): \(String(cString: strerror(code)))"
        case .tooBig(let limit): "\(path) holds more than \(limit) entries, more than strata lists"
        }
    }
}
