import Foundation
import StrataPluginKit
import Testing

/// Reading a library's dynamic symbols from the file alone, and refusing hostile files in words.
@Suite struct LibrarySymbolsTests {
    /// zlib, a small real shared library on every machine of this project (the terminal SDK links it).
    static let zlib = "/usr/lib/x86_64-linux-gnu/libz.so.1"

    @Test func aRealLibraryListsWhatItExportsAndWhatItNeeds() throws {
        let symbols = try LibrarySymbols.read(libraryAt: Self.zlib)

        #expect(symbols.exports.contains("inflate") && symbols.exports.contains("deflateInit_"))
        #expect(symbols.imports.contains("memcpy") || symbols.imports.contains("malloc"), "\(symbols.imports)")
        #expect(!symbols.imports.contains("inflate"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.zlib)))
        #expect(try LibrarySymbols.read(inFileBytes: bytes, path: "zlib") == symbols)
    }

    @Test func somethingThatIsNotALibraryIsRefusedInWords() throws {
        #expect(throws: PluginDescriptorError.self) { try LibrarySymbols.read(libraryAt: "/nonexistent/libX.so") }
        #expect(throws: PluginDescriptorError.self) { try LibrarySymbols.read(inFileBytes: Array("not a library".utf8), path: "text") }
        #expect(throws: PluginDescriptorError.self) { try LibrarySymbols.read(inFileBytes: [], path: "empty") }
    }

    /// Every offset, size, count, link and entry size that leads to the symbols, set to hostile values, and
    /// random bytes anywhere in the headers and tables: each read returns or throws, none traps (a trap
    /// would end the test process).
    @Test func mutatedHeadersAndTablesNeverTrap() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.zlib)))
        let tableAt = Int(original.load(UInt64.self, at: 0x28)), entrySize = Int(original.load(UInt16.self, at: 0x3A))
        let count = Int(original.load(UInt16.self, at: 0x3C))
        // The ELF header's table fields, then every field of every section header.
        var fields: [(offset: Int, width: Int)] = [(0x28, 8), (0x3A, 2), (0x3C, 2), (0x3E, 2), (4, 1), (5, 1)]
        for index in 0..<count {
            let base = tableAt + index * entrySize
            fields += [(base + 4, 4), (base + 0x18, 8), (base + 0x20, 8), (base + 0x28, 4), (base + 0x38, 8)]
        }
        let hostile: [UInt64] = [0, 1, 23, 24, 25, 64, UInt64(original.count), UInt64(original.count - 1), 1 << 31, 1 << 32, 1 << 62,
                                 1 << 63, .max, .max - 23]
        var reads = 0
        for field in fields {
            for value in hostile {
                var bytes = original
                withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(field.offset..<field.offset + field.width, with: $0.prefix(field.width)) }
                _ = try? LibrarySymbols.read(inFileBytes: bytes, path: "crafted.so")
                reads += 1
            }
        }
        // Scattered bytes over the headers and the symbol and string tables (the first 8 KiB), the same every run.
        for round in 0..<500 {
            var bytes = original
            for change in 0..<8 {
                let mix = UInt64(round * 8 + change + 1) &* 0x9E37_79B9_7F4A_7C15
                bytes[Int((mix >> 20) % 0x2000)] = UInt8(truncatingIfNeeded: mix >> 48)
            }
            _ = try? LibrarySymbols.read(inFileBytes: bytes, path: "random.so")
            reads += 1
        }
        #expect(reads > 500)
    }

    @Test func aHugeSectionHeaderTableIsRefusedBeforeAnyRead() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.zlib)))
        bytes.replaceSubrange(0x3C..<0x3E, with: [0xFF, 0xFF])
        bytes.replaceSubrange(0x3A..<0x3C, with: [0xFF, 0xFF])
        #expect(throws: PluginDescriptorError.self) { try LibrarySymbols.read(inFileBytes: bytes, path: "huge.so") }
    }
}

private extension Array where Element == UInt8 {
    func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
