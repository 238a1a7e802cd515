import FoundationEssentials
import Glibc

/// The files of a package under development, watched with inotify: every folder of the package except
/// hidden ones (`.build`, `.swiftpm`, `.git`), and folders created later as they appear.
final class SourceWatcher {
    /// The inotify descriptor, to `poll` for readability.
    let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    /// Starts watching `root` and the folders below it.
    /// - Throws: `DevError.watch` when inotify is unavailable or a folder can't be watched.
    init(root: String) throws(DevError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .watch(root, String(cString: strerror(errno))) }
        try watchTree(root)
    }

    deinit { close(descriptor) }

    /// Reads the events waiting and returns the files that changed (paths inside the package), leaving
    /// out editors' scratch files. New folders are watched from now on.
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
                guard let folder = folders[watch], !name.isEmpty, Self.isSource(name) else { continue }
                let path = "\(folder)/\(name)"
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { try? watchTree(path) }
                    continue
                }
                changed.append(path)
            }
        }
    }

    /// Whether a changed name can matter to a build: not hidden (`.build`, `.Foo.swift.swp`), not a backup
    /// (`Foo.swift~`), not vim's write test (`4913`).
    static func isSource(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.hasSuffix("~") && !name.hasSuffix(".swp") && name != "4913"
    }

    private func watchTree(_ root: String) throws(DevError) {
        let watch = inotify_add_watch(descriptor, root, Self.mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { throw .watch(root, String(cString: strerror(errno))) }
        folders[watch] = root
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for name in names.sorted() where Self.isSource(name) {
            let path = "\(root)/\(name)"
            // Not through symbolic links, which could loop.
            if (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeDirectory {
                try watchTree(path)
            }
        }
    }
}
