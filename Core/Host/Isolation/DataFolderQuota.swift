import Glibc

/// What a sandboxed plugin's data folder holds on disk, weighed against its quota (`limits.diskMegabytes`)
/// before its helper starts; while it runs, no file it writes grows past the quota (RLIMIT_FSIZE, set in
/// ``HelperSpawn``). The helper can write anything in that folder, so it is walked from its own descriptor
/// down (`openat` with `O_NOFOLLOW`, `fstatat` without following links), never by path, and bounded in
/// depth and entries: a link planted there weighs only itself, and a tree too deep or too wide to weigh is
/// over the quota.
enum DataFolderQuota {
    /// The most entries, and the deepest folder, weighed.
    static let maximumEntries = 100_000, maximumDepth = 64

    /// The folder's weight: the bytes its files take on disk (allocated blocks, so a sparse file weighs what
    /// it uses), or `nil` when it has more entries or deeper folders than are weighed.
    enum Weight: Equatable {
        case bytes(Int)
        case unweighable
    }

    /// Weighs the folder at `path` (a missing folder weighs nothing), stopping once it passes `limit` bytes.
    static func weigh(_ path: String, stoppingPast limit: Int) -> Weight {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return .bytes(0) }
        var walk = Walk(limit: limit)
        walk.add(folder: folder, depth: 0)
        return walk.entries > maximumEntries || walk.tooDeep ? .unweighable : .bytes(walk.total)
    }

    /// Why a helper whose data folder at `path` holds more than `megabytes` can't start, in words; `nil` when
    /// it fits.
    static func problem(_ path: String, megabytes: Int) -> String? {
        let (limit, overflow) = megabytes.multipliedReportingOverflow(by: 1 << 20)
        guard !overflow else { return nil }
        let quota = HelperFailure.size(megabytes: megabytes)
        switch weigh(path, stoppingPast: limit) {
        case .bytes(let total) where total <= limit: return nil
        case .bytes(let total):
            return "its data folder \(path) holds \(HelperFailure.size(megabytes: (total + (1 << 20) - 1) >> 20)), more than its disk limit of \(quota). "
                + "Remove files from it, or raise \"limits\": {\"diskMegabytes\": …}"
        case .unweighable:
            return "its data folder \(path) holds more than \(maximumEntries) entries or folders deeper than \(maximumDepth), which strata doesn't weigh "
                + "against its disk limit of \(quota). Remove files from it"
        }
    }

    private struct Walk {
        let limit: Int
        var total = 0, entries = 0
        var tooDeep = false

        var isDone: Bool { total > limit || entries > DataFolderQuota.maximumEntries || tooDeep }

        /// Adds what the folder open as `folder` holds (it closes the descriptor).
        mutating func add(folder: Int32, depth: Int) {
            guard let stream = fdopendir(folder) else {
                close(folder)
                return
            }
            defer { closedir(stream) }
            while !isDone, let entry = readdir(stream) {
                // The name's bytes as they are (not UTF-8 for sure), NUL-terminated.
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }).map { CChar(bitPattern: $0) } + [0] }
                guard name != [46, 0] && name != [46, 46, 0] else { continue }
                entries += 1
                var status = stat()
                guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let (bytes, overflow) = Int(status.st_blocks).multipliedReportingOverflow(by: 512)
                let (sum, sumOverflow) = total.addingReportingOverflow(bytes)
                total = overflow || sumOverflow ? .max : sum
                guard status.st_mode & S_IFMT == S_IFDIR else { continue }
                guard depth + 1 < DataFolderQuota.maximumDepth else {
                    tooDeep = true
                    return
                }
                let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if inner >= 0 { add(folder: inner, depth: depth + 1) }
            }
        }
    }
}
