import Glibc

/// Reads a plugin's descriptor from its library file: the ELF section headers, then the
/// `strata_descriptor` section (``PluginDescriptorSection``). Nothing is mapped or run, and none of the
/// library's dependencies are loaded; it reads a few kilobytes with `pread`.
public enum PluginDescriptorReader {
    /// The descriptor in the library at `path`.
    /// - Throws: `PluginDescriptorError` naming what is wrong: not readable, not ELF, truncated, no
    ///   section, a damaged section, invalid JSON, wrong types.
    public static func read(libraryAt path: String) throws(PluginDescriptorError) -> PluginDescriptor {
        try PluginDescriptorSection.decode(section(libraryAt: path))
    }

    /// The raw bytes of the descriptor section in the library at `path`.
    /// - Throws: `PluginDescriptorError` for everything short of decoding the section.
    public static func section(libraryAt path: String) throws(PluginDescriptorError) -> [UInt8] {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw .unreadable("\(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        return try section(file: file, path: path)
    }

    /// The raw bytes of the descriptor section in the library open as `file` (`path` names it in errors):
    /// three `pread`s in the usual layout, where the section names lie just before the section headers.
    /// - Throws: `PluginDescriptorError` for everything short of decoding the section.
    public static func section(file: Int32, path: String) throws(PluginDescriptorError) -> [UInt8] {
        let reader = FileReader(file: file)
        let header = try reader.bytes(at: 0, count: 64, what: "ELF header")
        guard header.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else { throw .notELF("\(path) doesn't start with the ELF magic") }
        guard header[4] == 2, header[5] == 1 else { throw .notELF("\(path) is not a 64-bit little-endian ELF file") }
        let tableOffset = Int(header.load(UInt64.self, at: 0x28))
        let entrySize = Int(header.load(UInt16.self, at: 0x3A))
        let count = Int(header.load(UInt16.self, at: 0x3C))
        let namesIndex = Int(header.load(UInt16.self, at: 0x3E))
        guard entrySize >= 64, count > 0, namesIndex < count, tableOffset > 0 else { throw .notELF("\(path) has no usable section header table") }

        // The section headers, read with up to 1 KiB before them: linkers put the section names there.
        let slack = min(tableOffset, 1024)
        let tail = try reader.bytes(at: tableOffset - slack, count: slack + entrySize * count, what: "section header table")
        func section(_ index: Int) -> (name: Int, offset: Int, size: Int, type: UInt32) {
            let base = slack + index * entrySize
            return (Int(tail.load(UInt32.self, at: base)), Int(tail.load(UInt64.self, at: base + 0x18)),
                    Int(tail.load(UInt64.self, at: base + 0x20)), tail.load(UInt32.self, at: base + 4))
        }
        let names = section(namesIndex)
        guard names.size < 1 << 20, names.offset >= 0 else { throw .notELF("\(path) has a section name table of \(names.size) bytes") }
        let nameBytes: ArraySlice<UInt8> = if names.offset >= tableOffset - slack, names.offset + names.size <= tableOffset {
            tail[(names.offset - tableOffset + slack)..<(names.offset - tableOffset + slack + names.size)]
        } else {
            try reader.bytes(at: names.offset, count: names.size, what: "section name table")[...]
        }
        let wanted = Array(PluginDescriptorSection.name.utf8) + [0]
        for index in 0..<count {
            let candidate = section(index)
            let start = nameBytes.startIndex + candidate.name
            guard candidate.name >= 0, start + wanted.count <= nameBytes.endIndex,
                  nameBytes[start..<start + wanted.count].elementsEqual(wanted) else { continue }
            guard candidate.type == 1 /* SHT_PROGBITS */ else { throw .badSection("it holds no data (type \(candidate.type))") }
            guard candidate.size <= PluginDescriptorSection.maximumLength + 16 else {
                throw .badSection("it has \(candidate.size) bytes, more than a descriptor may")
            }
            return try reader.bytes(at: candidate.offset, count: candidate.size, what: "descriptor section")
        }
        throw .missingSection
    }
}

/// `pread` of exact byte ranges, reporting a short read as truncation.
private struct FileReader {
    let file: Int32

    func bytes(at offset: Int, count: Int, what: String) throws(PluginDescriptorError) -> [UInt8] {
        guard count >= 0, offset >= 0 else { throw .truncated("its \(what) lies outside the file") }
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

private extension Array where Element == UInt8 {
    /// The little-endian integer at `offset`.
    func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= count)
        return withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
