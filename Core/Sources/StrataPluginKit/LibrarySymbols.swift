internal import Glibc

/// The dynamic symbols of a library file, read from its ELF section headers (`.dynsym` and the string
/// table it links to) without loading it: what it needs from other libraries, and what it offers them.
/// `strata plugins verify` and discovery compare a plugin's needs with what this strata's SDK offers.
///
/// Every number in the file is hostile, as in ``PluginDescriptorReader``: each is converted with
/// `Int(exactly:)` and combined with overflow-reporting arithmetic, tables and names are bounded, so a
/// crafted header is refused in words and never traps.
public struct LibrarySymbols: Sendable, Equatable {
    /// The names it uses that another library must define (undefined global and weak symbols).
    public var imports: [String]
    /// The names it defines for other libraries (defined global, weak and unique symbols of default or
    /// protected visibility).
    public var exports: [String]

    /// The largest symbol or string table read: far above any real library's.
    static let maximumTableLength = 1 << 26
    /// The longest symbol name taken; a longer one is cut there.
    static let maximumNameLength = 1 << 16

    /// The symbols of the library at `path`.
    /// - Throws: `PluginDescriptorError` naming what is wrong: not readable, not ELF, truncated, no dynamic symbol table.
    public static func read(libraryAt path: String) throws(PluginDescriptorError) -> LibrarySymbols {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { throw .unreadable("\(path): \(String(cString: strerror(errno)))") }
        defer { close(file) }
        return try read(file: file, path: path)
    }

    /// The symbols of the library open as `file` (`path` names it in errors).
    public static func read(file: Int32, path: String) throws(PluginDescriptorError) -> LibrarySymbols {
        try read(in: FileReader(file: file), path: path)
    }

    /// The symbols of a whole library file held in memory (for tests and fuzzing).
    public static func read(inFileBytes bytes: [UInt8], path: String) throws(PluginDescriptorError) -> LibrarySymbols {
        try read(in: MemoryReader(bytes: bytes), path: path)
    }

    private static func read(in reader: some ByteSource, path: String) throws(PluginDescriptorError) -> LibrarySymbols {
        let sections = try ELFSectionTable(in: reader, path: path)
        let (entrySize, count) = (sections.entrySize, sections.count)
        let table = try reader.bytes(at: sections.offset, count: sections.length, what: "section header table")
        func section(_ index: Int) -> Section {
            let base = index * entrySize  // index < count: within the table just read
            return Section(
                type: table.load(UInt32.self, at: base + 4), offset: Int(exactly: table.load(UInt64.self, at: base + 0x18)),
                size: Int(exactly: table.load(UInt64.self, at: base + 0x20)),
                link: Int(table.load(UInt32.self, at: base + 0x28)), entrySize: Int(exactly: table.load(UInt64.self, at: base + 0x38)))
        }
        guard let symbolIndex = (0..<count).first(where: { section($0).type == 11 /* SHT_DYNSYM */ }) else {
            throw .notELF("\(path) has no dynamic symbol table, so it is not a shared library")
        }
        let symbolTable = section(symbolIndex)
        let damaged = PluginDescriptorError.notELF("\(path) has a damaged dynamic symbol table")
        guard symbolTable.entrySize == 24, let symbolsOffset = symbolTable.offset, let symbolsSize = symbolTable.size,
            symbolsSize <= maximumTableLength, symbolTable.link < count
        else { throw damaged }
        let strings = section(symbolTable.link)
        guard strings.type == 3 /* SHT_STRTAB */, let stringsOffset = strings.offset, let stringsSize = strings.size,
            stringsSize <= maximumTableLength
        else { throw damaged }
        let symbols = try reader.bytes(at: symbolsOffset, count: symbolsSize - symbolsSize % 24, what: "dynamic symbol table")
        let names = try reader.bytes(at: stringsOffset, count: stringsSize, what: "dynamic string table")

        var result = LibrarySymbols(imports: [], exports: [])
        // Entry 0 is the null symbol. Every offset below is an index into an array read above, so stays in range.
        for base in stride(from: 24, to: symbols.count, by: 24) {
            let nameOffset = Int(symbols.load(UInt32.self, at: base))
            let info = symbols[base + 4], visibility = symbols[base + 5] & 3, sectionIndex = symbols.load(UInt16.self, at: base + 6)
            let binding = info >> 4
            guard binding == 1 || binding == 2 || binding == 10 /* GLOBAL, WEAK, GNU_UNIQUE */, nameOffset < names.count else { continue }
            let end = names[nameOffset...].prefix(maximumNameLength).firstIndex(of: 0) ?? min(names.count, nameOffset + maximumNameLength)
            guard end > nameOffset else { continue }
            let name = String(decoding: names[nameOffset..<end], as: UTF8.self)
            if sectionIndex == 0 /* SHN_UNDEF */ {
                result.imports.append(name)
            } else if visibility == 0 || visibility == 3 /* DEFAULT, PROTECTED */ {
                result.exports.append(name)
            }
        }
        return result
    }

    /// One section header's fields; `nil` where the file's value doesn't fit an `Int`.
    private struct Section {
        let type: UInt32
        let offset: Int?
        let size: Int?
        let link: Int
        let entrySize: Int?
    }
}
