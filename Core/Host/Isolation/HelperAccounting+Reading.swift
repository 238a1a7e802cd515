import FoundationEssentials
import Glibc
import Synchronization

extension HelperAccounting {
    /// How far one accounting file was read: which file it was (device, inode), the end of its last whole line
    /// read, and the records up to there.
    struct ReadFile: Sendable {
        var device: UInt64
        var inode: UInt64
        var offset: Int
        var records: [Record]
    }

    /// Each file as last read, by path. The files only grow (and are renamed when rotated): one that grew is
    /// read from where the last read stopped, and one another file took the place of is read again. The app's
    /// screen reads every plugin's each second, and a full file took 0.2 s to decode in the debug build.
    private static let read = Mutex<[String: ReadFile]>([:])

    /// The records of plugin `id` in the file at `path`, read through one descriptor: none unless it is a
    /// regular file of the user's that nobody else may write, of at most ``readLimit`` bytes.
    static func records(inFile path: String, of id: String) -> [Record] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_uid == geteuid(), status.st_mode & 0o022 == 0, status.st_mode & S_IFMT == S_IFREG,
            let size = Int(exactly: status.st_size), size <= readLimit
        else { return [] }
        let (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
        var file =
            read.withLock { $0[path] }.flatMap { $0.device == device && $0.inode == inode && $0.offset <= size ? $0 : nil }
            ?? ReadFile(device: device, inode: inode, offset: 0, records: [])
        guard size > file.offset else { return file.records }
        var bytes = [UInt8](repeating: 0, count: size - file.offset)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(file.offset)) }
        // Whole lines only: the rest is read when it is whole.
        guard count > 0, let end = bytes[..<count].lastIndex(of: UInt8(ascii: "\n")) else { return file.records }
        let decoder = JSONDecoder()
        for line in bytes[..<end].split(separator: UInt8(ascii: "\n")) {
            if let record = try? decoder.decode(Record.self, from: Data(line)), record.id == id, record.isPlausible {
                file.records.append(record)
            }
        }
        file.offset += end + 1
        read.withLock { [file] in $0[path] = file }
        return file.records
    }
}
