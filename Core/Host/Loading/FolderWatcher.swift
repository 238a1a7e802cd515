import FoundationEssentials
import Glibc
import Synchronization

/// Folders watched with inotify, read as the paths of what changed in them: `strata dev` watches a package's
/// tree (``init(tree:)``), the app its plugin folders and its config's folder (``watch(_:)``).
///
/// The watches may change on one thread (the app's, after a reload) while another thread waits on
/// ``descriptor`` and reads the changes.
final class FolderWatcher: Sendable {
    /// The inotify descriptor, to `poll` for readability.
    let descriptor: Int32

    /// A folder to watch, and which of its entries count.
    struct Folder: Sendable {
        let path: String
        /// Whether a change to the entry of this name counts.
        let names: @Sendable (String) -> Bool
        /// Whether the folders below it are watched too (and new ones as they appear).
        var tree = false
    }

    private struct Watch {
        var folder: Folder
        /// Counted changes: a name's creation only when it appears whole (a link, or a file moved in), since a
        /// file being written is counted when it is closed.
        var wholeCreations = false
    }
    private let watches = Mutex<[Int32: Watch]>([:])

    /// What a package's files are watched for (an editor's save creates, writes or renames).
    private static let treeMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
    /// What a plugin or config folder is watched for: also a file's mode or owner (trust reads them), and the
    /// folder itself going.
    private static let folderMask = treeMask | UInt32(IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// An inotify instance with nothing watched yet.
    /// - Throws: `Failure` when inotify is unavailable.
    init() throws(Failure) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw Failure(path: "", reason: String(cString: strerror(errno))) }
    }

    /// Watches `root` and the folders below it, except hidden ones (`.build`, `.swiftpm`, `.git`), leaving out
    /// editors' scratch files (``isSource(_:)``).
    /// - Throws: `Failure` when inotify is unavailable or a folder can't be watched.
    convenience init(tree root: String) throws(Failure) {
        try self.init()
        try watchTree(root)
    }

    deinit { close(descriptor) }

    /// Why a folder can't be watched.
    struct Failure: Error {
        let path: String
        let reason: String
    }

    /// Watches exactly `folders` from now on (not the folders below them): watches of other folders end. A
    /// folder that doesn't exist is waited for: its nearest existing parent is watched for the next part of
    /// its path. Folders that can't be watched are left out.
    func watch(_ folders: [Folder]) {
        var wanted: [String: [@Sendable (String) -> Bool]] = [:]
        var order: [String] = []
        for folder in folders {
            guard let (path, names) = Self.existing(folder) else { continue }
            if wanted[path] == nil { order.append(path) }
            wanted[path, default: []].append(names)
        }
        watches.withLock { watches in
            for (watch, entry) in watches where wanted[entry.folder.path] == nil {
                inotify_rm_watch(descriptor, watch)
                watches[watch] = nil
            }
            for path in order {
                let filters = wanted[path] ?? []
                let watch = inotify_add_watch(descriptor, path, Self.folderMask | UInt32(IN_ONLYDIR))
                guard watch >= 0 else { continue }
                watches[watch] = Watch(folder: Folder(path: path) { name in filters.contains { $0(name) } }, wholeCreations: true)
            }
        }
    }

    /// `folder` if it exists, else its nearest existing parent watched for the next part of its path.
    private static func existing(_ folder: Folder) -> (String, @Sendable (String) -> Bool)? {
        var path = folder.path, names = folder.names
        while !FileManager.default.fileExists(atPath: path) {
            let url = URL(fileURLWithPath: path)
            let parent = url.deletingLastPathComponent().path
            guard parent != path, !parent.isEmpty else { return nil }
            let next = url.lastPathComponent
            (path, names) = (parent, { $0 == next })
        }
        return (path, names)
    }

    /// Reads the events waiting and returns the paths that changed, as each folder's names say. New folders
    /// of a tree are watched from now on; a watched folder that goes counts as a change of itself.
    func changes() -> [String] {
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }, NUL-padded.
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                if let path = change(watch: watch, mask: mask, name: name) { changed.append(path) }
            }
        }
    }

    /// The path one event says changed, if it counts.
    private func change(watch: Int32, mask: UInt32, name: String) -> String? {
        guard let entry = watches.withLock({ $0[watch] }) else { return nil }
        let folder = entry.folder
        if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            if mask & UInt32(IN_IGNORED) != 0 { _ = watches.withLock { $0.removeValue(forKey: watch) } }
            return folder.tree ? nil : folder.path
        }
        guard !name.isEmpty, folder.names(name) else { return nil }
        let path = "\(folder.path)/\(name)"
        if folder.tree, mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { try? watchTree(path) }
            return nil
        }
        if entry.wholeCreations, mask & UInt32(IN_CREATE) != 0, mask & UInt32(IN_ISDIR) == 0 {
            // A file written after its creation is counted when it is closed: until then it is partly there.
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK || status.st_nlink > 1 else { return nil }
        }
        return path
    }

    /// Waits up to `timeout` milliseconds (-1: as long as it takes) for a change, then until the folders have
    /// been quiet for `quiet` milliseconds (a save or a copy is several events), but no longer than a second
    /// after the first change. Returns what changed: nothing when nothing did in time, or a signal came.
    func settledChanges(waitingUpTo timeout: Int32, quiet: Int32 = 150) -> [String] {
        var changed: [String] = []
        var wait = timeout
        var settled: ContinuousClock.Instant?
        while settled.map({ .now < $0 }) ?? true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, wait) > 0 else { break }
            changed += changes()
            if settled == nil, !changed.isEmpty { settled = .now + .seconds(1) }
            wait = quiet
        }
        return changed
    }

    /// Whether a changed name can matter to a build: not hidden (`.build`, `.Foo.swift.swp`), not a backup
    /// (`Foo.swift~`), not vim's write test (`4913`).
    static func isSource(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.hasSuffix("~") && !name.hasSuffix(".swp") && name != "4913"
    }

    private func watchTree(_ root: String) throws(Failure) {
        let watch = inotify_add_watch(descriptor, root, Self.treeMask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { throw Failure(path: root, reason: String(cString: strerror(errno))) }
        watches.withLock { $0[watch] = Watch(folder: Folder(path: root, names: Self.isSource, tree: true)) }
        let names: [String]
        do {
            names = try folderNames(root)
        } catch {
            // One that can't be read holds nothing to watch; one too big to list would be watched in part.
            guard case .unreadable = error.reason else { throw Failure(path: root, reason: "it holds more than \(folderNameLimit) entries") }
            names = []
        }
        for name in names.sorted() where Self.isSource(name) {
            let path = "\(root)/\(name)"
            // Not through symbolic links, which could loop.
            if (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeDirectory {
                try watchTree(path)
            }
        }
    }
}
