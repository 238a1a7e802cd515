import Glibc

/// The files mapped into this process, read from `/proc/self/maps`.
enum MappedFiles {
    /// Every mapped file's path (a line's last field, the only one that starts with `/`; a replaced file ends
    /// in ` (deleted)`). Empty when the map can't be read.
    static func paths() -> Set<String> {
        // procfs reports a size of 0 (FoundationEssentials' `contents(atPath:)` then returns the first page
        // only): read to the end with read(2), bounded: a process's map is far below 16 MiB.
        let file = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return [] }
        defer { close(file) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while text.count < 1 << 24 {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            text += chunk[..<count]
        }
        var paths: Set<String> = []
        for line in text.split(separator: UInt8(ascii: "\n")) {
            if let slash = line.firstIndex(of: UInt8(ascii: "/")) { paths.insert(String(decoding: line[slash...], as: UTF8.self)) }
        }
        return paths
    }
}
