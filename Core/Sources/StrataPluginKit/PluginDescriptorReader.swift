internal import Glibc

/// Reads a plugin's descriptor from its library file: the ELF section headers, then the
/// `strata_descriptor` section (``PluginDescriptorSection``). Nothing is mapped or run, and none of the
/// library's dependencies are loaded; it reads a few kilobytes with `pread`.
///
/// Every number in the file is hostile: each is converted with `Int(exactly:)` and combined with
/// overflow-reporting arithmetic, so a crafted header is refused in words and never traps.
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
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { throw .unreadable("\(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        return try section(file: file, path: path)
    }

    /// The largest section header table read (entries × entry size): far above any real library's.
    static let maximumTableLength = 1 << 22

    /// The raw bytes of the descriptor section in the library open as `file` (`path` names it in errors):
    /// three `pread`s in the usual layout, where the section names lie just before the section headers.
    /// - Throws: `PluginDescriptorError` for everything short of decoding the section.
    public static func section(file: Int32, path: String) throws(PluginDescriptorError) -> [UInt8] {
        try section(in: FileReader(file: file), path: path)
    }

    /// The descriptor section's bytes in `bytes`, a whole library file held in memory (for tests and fuzzing).
    /// - Throws: `PluginDescriptorError` for everything short of decoding the section.
    public static func section(inFileBytes bytes: [UInt8], path: String) throws(PluginDescriptorError) -> [UInt8] {
        try section(in: MemoryReader(bytes: bytes), path: path)
    }

    private static func section(in reader: some ByteSource, path: String) throws(PluginDescriptorError) -> [UInt8] {
        let table = try ELFSectionTable(in: reader, path: path)
        let (tableOffset, entrySize, count, namesIndex, tableLength) = (table.offset, table.entrySize, table.count, table.namesIndex, table.length)
        guard namesIndex < count else { throw .notELF("\(path) has no usable section header table") }

        // The section headers, read with up to 1 KiB before them: linkers put the section names there.
        let slack = min(tableOffset, 1024)
        let tailStart = tableOffset - slack
        let tail = try reader.bytes(at: tailStart, count: slack + tableLength, what: "section header table")
        func section(_ index: Int) -> Section {
            let base = slack + index * entrySize
            return Section(
                name: Int(tail.load(UInt32.self, at: base)), type: tail.load(UInt32.self, at: base + 4),
                offset: Int(exactly: tail.load(UInt64.self, at: base + 0x18)),
                size: Int(exactly: tail.load(UInt64.self, at: base + 0x20)))
        }
        let names = section(namesIndex)
        guard let namesOffset = names.offset, let namesSize = names.size, namesSize < 1 << 20 else {
            throw .notELF("\(path) has a section name table out of range")
        }
        let nameBytes: ArraySlice<UInt8>
        if namesOffset >= tailStart, namesSize <= tableOffset - namesOffset {
            // Both bounds hold without overflow: the names end at or before the table starts.
            nameBytes = tail[(namesOffset - tailStart)..<(namesOffset - tailStart + namesSize)]
        } else {
            nameBytes = try reader.bytes(at: namesOffset, count: namesSize, what: "section name table")[...]
        }
        let wanted = Array(PluginDescriptorSection.name.utf8) + [0]
        for index in 0..<count {
            let candidate = section(index)
            // `candidate.name` comes from a UInt32, and `nameBytes` is under 1 MiB: no sum here can overflow.
            guard candidate.name <= nameBytes.count - wanted.count else { continue }
            let start = nameBytes.startIndex + candidate.name
            guard nameBytes[start..<start + wanted.count].elementsEqual(wanted) else { continue }
            guard candidate.type == 1 /* SHT_PROGBITS */ else { throw .badSection("it holds no data (type \(candidate.type))") }
            guard let size = candidate.size, size <= PluginDescriptorSection.maximumLength + 16 else {
                throw .badSection("it is larger than a descriptor may be (\(PluginDescriptorSection.maximumLength) bytes)")
            }
            guard let offset = candidate.offset else { throw .truncated("its descriptor section lies outside the file") }
            return try reader.bytes(at: offset, count: size, what: "descriptor section")
        }
        throw .missingSection
    }

    /// One section header's fields; `nil` where the file's value doesn't fit an `Int`.
    private struct Section {
        let name: Int
        let type: UInt32
        let offset: Int?
        let size: Int?
    }
}
