internal import Glibc

/// Where an ELF file's section header table is, from its ELF header: every value checked, none trusted.
struct ELFSectionTable {
    let offset: Int, entrySize: Int, count: Int, namesIndex: Int
    /// `entrySize × count`, at most ``PluginDescriptorReader/maximumTableLength``.
    let length: Int

    /// Reads and checks the ELF header of the file `reader` reads (`path` names it in errors).
    init(in reader: some ByteSource, path: String) throws(PluginDescriptorError) {
        let noTable = PluginDescriptorError.notELF("\(path) has no usable section header table")
        let header = try reader.bytes(at: 0, count: 64, what: "ELF header")
        guard header.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else { throw .notELF("\(path) doesn't start with the ELF magic") }
        guard header[4] == 2, header[5] == 1 else { throw .notELF("\(path) is not a 64-bit little-endian ELF file") }
        guard let tableOffset = Int(exactly: header.load(UInt64.self, at: 0x28)) else { throw noTable }
        offset = tableOffset
        entrySize = Int(header.load(UInt16.self, at: 0x3A))
        count = Int(header.load(UInt16.self, at: 0x3C))
        namesIndex = Int(header.load(UInt16.self, at: 0x3E))
        guard entrySize >= 64, count > 0, offset > 0 else { throw noTable }
        let (length, tooLong) = entrySize.multipliedReportingOverflow(by: count)
        guard !tooLong, length <= PluginDescriptorReader.maximumTableLength else { throw noTable }
        self.length = length
    }
}

/// Where the reader's bytes come from: exact ranges, a short read reported as truncation.
protocol ByteSource {
    func bytes(at offset: Int, count: Int, what: String) throws(PluginDescriptorError) -> [UInt8]
}

extension ByteSource {
    /// Refuses a range that is negative or whose end overflows, before any read.
    fileprivate func checkRange(at offset: Int, count: Int, what: String) throws(PluginDescriptorError) {
        guard count >= 0, offset >= 0, !offset.addingReportingOverflow(count).overflow, off_t(exactly: offset + count) != nil else {
            throw .truncated("its \(what) lies outside the file")
        }
    }
}

/// `pread` of exact byte ranges of an open file.
struct FileReader: ByteSource {
    let file: Int32

    func bytes(at offset: Int, count: Int, what: String) throws(PluginDescriptorError) -> [UInt8] {
        try checkRange(at: offset, count: count, what: what)
        // Ask the file's size first, so that a header claiming gigabytes allocates nothing.
        var status = stat()
        if fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) - offset < count {
            throw .truncated("its \(what) (\(count) bytes at offset \(offset)) runs past the end of the file")
        }
        var short = false
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let read = pread(file, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { break }
                initialized += read
            }
            short = initialized < count
        }
        guard !short else { throw .truncated("its \(what) (\(count) bytes at offset \(offset)) runs past the end of the file") }
        return buffer
    }
}

/// Exact byte ranges of a file held in memory.
struct MemoryReader: ByteSource {
    let bytes: [UInt8]

    func bytes(at offset: Int, count: Int, what: String) throws(PluginDescriptorError) -> [UInt8] {
        try checkRange(at: offset, count: count, what: what)
        guard offset + count <= bytes.count else {
            throw .truncated("its \(what) (\(count) bytes at offset \(offset)) runs past the end of the file")
        }
        return Array(bytes[offset..<offset + count])
    }
}

extension Array where Element == UInt8 {
    /// The little-endian integer at `offset`.
    func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= count)
        return withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
