import FoundationEssentials
import Glibc
import StrataPluginKit

/// The descriptor sections of one plugin folder as last read, so that a run whose libraries haven't
/// changed reads one file instead of opening each library (with 500 plugins, opening and reading each
/// costs the listing about a third of its time). VS Code keeps its extension manifests the same way.
///
/// An entry counts only while its file's identity is what it was when read: device, inode, size, and the
/// modification and change times to the nanosecond. Writing a file or renaming one over it changes its
/// change time, which no user call can set back, so a changed library is always read again. The cache
/// holds sections, not verdicts: trust, ids and dependencies are judged again on every run, and a library's
/// code is still checked against its descriptor when it is activated.
///
/// The file is `<state>/descriptors/<folder hash>`: a header line naming the format and the strata version
/// (another version starts afresh), a line with the folder's real path, then per library a line
/// `name device inode size mtime-s mtime-ns ctime-s ctime-ns length verdict-length` followed by the section's bytes
/// and the symbol verdict's (``SDKSymbolCheck``; empty when nothing is missing). A
/// file that doesn't parse is ignored and rewritten; it is written to a temporary name and renamed, so a
/// reader never sees half of one.
struct DescriptorCache: Equatable, Sendable {
    /// What `stat` says of a file, as far as the cache compares it.
    struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64
        let modified: timespec.Parts, changed: timespec.Parts

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim.parts
            changed = status.st_ctim.parts
        }

        init(device: UInt64, inode: UInt64, size: Int64, modified: timespec.Parts, changed: timespec.Parts) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
        }

        fileprivate var fields: String {
            "\(Int64(bitPattern: device)) \(Int64(bitPattern: inode)) \(size) \(modified.seconds) \(modified.nanoseconds) \(changed.seconds) \(changed.nanoseconds)"
        }
    }

    struct Entry: Equatable, Sendable {
        let identity: Identity
        let section: [UInt8]
        /// ``SDKSymbolCheck``'s verdict on the file: its first missing SDK symbol, or `nil`.
        var missingSymbol: String?
    }

    /// The folder's real path.
    let folder: String
    /// By file name.
    private(set) var entries: [String: Entry] = [:]

    init(folder: String) {
        self.folder = folder
    }

    /// The cached section of `name`, if the file is still the one it was read from.
    func section(named name: String, status: stat) -> [UInt8]? { entry(named: name, status: status)?.section }

    /// The cached entry of `name`, if the file is still the one it was read from.
    func entry(named name: String, status: stat) -> Entry? {
        guard let entry = entries[name], entry.identity == Identity(status) else { return nil }
        return entry
    }

    /// Keeps `section` for `name`, unless the file changed within the clock's current tick: file times
    /// are taken from that coarse clock, so a second change within the tick could leave every compared
    /// field as it is (git calls such entries "racily clean"). Such a file is read again next time.
    mutating func record(_ section: [UInt8], missingSymbol: String? = nil, named name: String, status: stat, now: timespec) {
        guard status.st_ctim.parts < now.parts else { return }
        entries[name] = Entry(identity: Identity(status), section: section, missingSymbol: missingSymbol)
    }

    /// The clock file times are taken from.
    static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return now
    }

    // MARK: The file

    /// Names the SDK libraries' files too: the symbol verdicts hold only for the SDK they were judged against.
    private static let header = "strata descriptor cache 2, strata \(strataVersion), sdk \(SDKSymbolCheck.fingerprint)"

    /// `<directory>/<hash of folder>`.
    static func file(for folder: String, in directory: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs, unlike Hasher
        for byte in folder.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16))
    }

    /// The cache of `folder` kept in `directory`, or an empty one if there is none that parses, or if
    /// someone else could have written it.
    static func load(folder: String, from directory: URL) -> DescriptorCache {
        var cache = DescriptorCache(folder: folder)
        guard PrivateFolder.isPrivate(directory), let data = try? Data(contentsOf: file(for: folder, in: directory)) else { return cache }
        cache.entries = data.withUnsafeBytes { parse($0.bindMemory(to: UInt8.self), folder: folder) } ?? [:]
        return cache
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, folder: String) -> [String: Entry]? {
        var offset = 0
        func line() -> UnsafeBufferPointer<UInt8>? {
            guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            defer { offset = end + 1 }
            return UnsafeBufferPointer(rebasing: bytes[offset..<end])
        }
        guard let first = line(), first.elementsEqual(header.utf8),
              let second = line(), second.elementsEqual(folder.utf8) else { return nil }
        var entries: [String: Entry] = [:]
        while offset < bytes.count {
            guard let fields = line()?.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false), fields.count == 10 else { return nil }
            var numbers: [Int64] = []
            for field in fields.dropFirst() {  // device numbers and times are written as signed
                guard let number = Int64(String(decoding: field, as: UTF8.self)) else { return nil }
                numbers.append(number)
            }
            guard let length = Int(exactly: numbers[7]), let verdictLength = Int(exactly: numbers[8]), length >= 0, verdictLength >= 0,
                  length <= bytes.count - offset, verdictLength <= bytes.count - offset - length else { return nil }
            let identity = Identity(device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]), size: numbers[2],
                                    modified: timespec.Parts(seconds: numbers[3], nanoseconds: numbers[4]),
                                    changed: timespec.Parts(seconds: numbers[5], nanoseconds: numbers[6]))
            let verdict = bytes[(offset + length)..<(offset + length + verdictLength)]
            entries[String(decoding: fields[0], as: UTF8.self)] = Entry(identity: identity, section: Array(bytes[offset..<(offset + length)]),
                                                                        missingSymbol: verdict.isEmpty ? nil : String(decoding: verdict, as: UTF8.self))
            offset += length + verdictLength
        }
        return entries
    }

    /// Writes the cache into `directory` (made private to the user if new). A cache that can't be written
    /// costs the next run its reads, nothing else, so failures are ignored.
    func save(in directory: URL) {
        var bytes = Array("\(Self.header)\n\(folder)\n".utf8)
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {  // plugin file names have no spaces
            let verdict = Array((entry.missingSymbol ?? "").utf8)
            bytes += Array("\(name) \(entry.identity.fields) \(entry.section.count) \(verdict.count)\n".utf8)
            bytes += entry.section + verdict
        }
        guard (try? PrivateFolder.prepare(directory)) != nil else { return }
        try? Data(bytes).write(to: Self.file(for: folder, in: directory), options: .atomic)
    }
}

extension timespec {
    struct Parts: Comparable, Sendable {
        let seconds: Int64, nanoseconds: Int64

        static func < (a: Parts, b: Parts) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }

    var parts: Parts { Parts(seconds: Int64(tv_sec), nanoseconds: Int64(tv_nsec)) }
}
