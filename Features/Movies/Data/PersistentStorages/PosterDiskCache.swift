import Foundation

/// Poster files kept on disk between runs, bounded in size: when a new file takes the folder past its
/// limit, the files used least recently go first (each read marks its file as used).
///
/// Every write is atomic (a temporary file renamed into place), so two `strata` processes sharing the
/// folder never read half a file; a file deleted by the other one between listing and reading is a miss.
public struct PosterDiskCache: Sendable {
    public let folder: URL
    /// The most bytes the folder holds after a write.
    public let byteLimit: Int
    /// The time a file is marked as used with (a test gives a clock that never ties).
    private let now: @Sendable () -> Date

    public init(folder: URL, byteLimit: Int = 20 << 20, now: @escaping @Sendable () -> Date = Date.init) {
        self.folder = folder
        self.byteLimit = byteLimit
        self.now = now
    }

    /// The file kept for `key`, marked as just used; nil when there is none.
    public func data(for key: String) -> Data? {
        let url = file(for: key)
        guard let data = try? Data(contentsOf: url) else { return nil }
        markUsed(url)
        return data
    }

    /// Keeps `data` for `key`, then trims the folder to `byteLimit`. A file larger than the whole limit is not
    /// kept. Failing to write only means the next run fetches the poster again, so nothing is thrown.
    public func store(_ data: Data, for key: String) {
        guard data.count <= byteLimit else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file(for: key), options: .atomic)
        } catch {
            return
        }
        markUsed(file(for: key))
        trim()
    }

    /// Sets the file's modification time, which is what "used" means here, from `now` rather than the
    /// file system's coarser clock.
    private func markUsed(_ url: URL) {
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url.path)
    }

    /// Forgets the file for `key` (one that turned out not to be readable).
    public func remove(_ key: String) {
        try? FileManager.default.removeItem(at: file(for: key))
    }

    /// Deletes the least recently used files until the folder holds at most `byteLimit` bytes.
    private func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys) else { return }
        var files = urls.compactMap { url -> (url: URL, size: Int, used: Date)? in
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.used < $1.used }
        for file in files where total > byteLimit {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    /// A file name for `key` that stays inside the folder whatever the key holds, and differs for different
    /// keys: letters, digits, `-` and `.` (not first) are kept, every other byte is written `_XX` in hex.
    private func file(for key: String) -> URL {
        var name = ""
        for (index, byte) in key.utf8.enumerated() {
            let kept =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || (byte == 0x2E && index > 0)
            name += kept ? String(UnicodeScalar(byte)) : "_" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return folder.appendingPathComponent(name)
    }
}
