import Foundation
import Testing
@testable import StrataPluginKit

@Suite struct PluginDescriptorTests {
    static let json = #"{"id":"hello","displayName":"Hello","version":"0.1.0","summary":"Greets.","abi":"strata-abi=1;swift=6.3.1","dependencies":{"alpha":">=1.0.0 <2.0.0"},"commands":[{"words":["hello","greet"],"summary":"Greet","arguments":[{"name":"NAME","help":"who"}]}],"settings":[{"key":"apiKey","type":"string","description":"k","secret":true}]}"#

    @Test func theSectionRoundTripsItsDescriptor() throws {
        let bytes = PluginDescriptorSection.bytes(json: Array(Self.json.utf8))
        #expect(bytes.count % 8 == 0)
        let descriptor = try PluginDescriptorSection.decode(bytes)
        #expect(descriptor.id == "hello" && descriptor.commands.first?.words == ["hello", "greet"])
        #expect(descriptor.settings.first?.secret == true && descriptor.dependencies == ["alpha": ">=1.0.0 <2.0.0"])
        #expect(descriptor.screens == [])
    }

    /// A command line selects the declared command its longest prefix names, as strata routes it.
    @Test func theLongestDeclaredPrefixSelectsTheCommand() throws {
        var descriptor = try PluginDescriptorSection.decodeJSON(Array(Self.json.utf8))
        descriptor.commands = [.init(words: ["hello"], summary: "Hi"), .init(words: ["hello", "greet"], summary: "Greet")]
        #expect(descriptor.command(for: ["hello", "greet", "Ada"])?.words == ["hello", "greet"])
        #expect(descriptor.command(for: ["hello", "there"])?.words == ["hello"])
        #expect(descriptor.command(for: ["bye"]) == nil)
    }

    /// `fileExtensions` is optional: an option without it decodes as before and is written without it.
    @Test func anOptionsFileExtensionsAreOptional() throws {
        let json = #"{"id":"a","displayName":"A","version":"1.0.0","summary":"s","commands":[{"words":["a"],"summary":"s","options":[{"name":"--track","value":"FILE","help":"h","fileExtensions":["gpx"]},{"name":"--page","value":"N","help":"h"}]}]}"#
        let options = try PluginDescriptorSection.decodeJSON(Array(json.utf8)).commands[0].spec.options
        #expect(options.map(\.fileExtensions) == [["gpx"], nil])
        let encoded = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
        #expect(encoded.components(separatedBy: "fileExtensions").count == 2, "written for --track only: \(encoded)")
    }

    @Test func generatedSwiftHoldsTheSameBytesAsIntegerLiterals() {
        let source = PluginDescriptorSection.swiftSource(json: Array(Self.json.utf8), generatedFrom: "plugin.json")
        #expect(source.contains(#"@section("strata_descriptor") @used"#))
        #expect(source.contains("0x43534453"), "the magic")
        #expect(!source.contains("\"hello\""), "no string literal: @section takes integers only")
    }

    @Test func eachDamageHasItsOwnReason() {
        var bytes = PluginDescriptorSection.bytes(json: Array(Self.json.utf8))
        #expect(throws: PluginDescriptorError.badSection("it has 8 bytes, less than its 16-byte header")) { try PluginDescriptorSection.decode(Array(bytes.prefix(8))) }
        var badMagic = bytes
        badMagic[0] = 0
        #expect(throws: PluginDescriptorError.badSection("it doesn't start with the descriptor magic")) { try PluginDescriptorSection.decode(badMagic) }
        bytes[8] = 0xFF
        bytes[9] = 0xFF
        #expect(throws: PluginDescriptorError.self) { try PluginDescriptorSection.decode(bytes) }
        #expect((try? PluginDescriptorSection.decode(bytes)) == nil)
        #expect(throws: PluginDescriptorError.self) { try PluginDescriptorSection.decodeJSON(Array("{nope".utf8)) }
        #expect(throws: PluginDescriptorError.wrongTypes("version", "expected a string, found a number")) {
            try PluginDescriptorSection.decodeJSON(Array(#"{"id":"a","displayName":"A","version":1,"summary":"s"}"#.utf8))
        }
        #expect(throws: PluginDescriptorError.wrongTypes("summary", "missing")) {
            try PluginDescriptorSection.decodeJSON(Array(#"{"id":"a","displayName":"A","version":"1.0.0"}"#.utf8))
        }
    }

    @Test func contentRulesAreCheckedBeforeTheDescriptorIsAccepted() {
        let bad = PluginDescriptor(id: "Bad Id", displayName: "B", version: "1.0", summary: "s",
                                   dependencies: ["x": "about 1"],
                                   commands: [.init(words: ["b", "-x"], summary: ""), .init(words: ["b"], summary: ""), .init(words: ["b"], summary: "")])
        let problems = bad.problems
        #expect(problems.contains { $0.hasPrefix("id 'Bad Id'") })
        #expect(problems.contains { $0.hasPrefix("version '1.0'") })
        #expect(problems.contains { $0.hasPrefix("dependency 'x'") })
        #expect(problems.contains { $0.contains("none empty or starting with '-'") })
        #expect(problems.contains { $0 == "command 'b' is declared twice" })
    }

    @Test func versionRangesHoldAllTheirComparators() throws {
        let range = try #require(VersionRange(">=1.2.0 <2.0.0"))
        #expect(range.contains(try #require(SemanticVersion("1.2.0"))))
        #expect(range.contains(try #require(SemanticVersion("1.10.3"))))
        #expect(!range.contains(try #require(SemanticVersion("2.0.0"))))
        #expect(!range.contains(try #require(SemanticVersion("1.1.9"))))
        #expect(VersionRange("1.4.2")?.contains(try #require(SemanticVersion("1.4.2"))) == true)
        #expect(VersionRange("") == nil && VersionRange(">=1.x") == nil && SemanticVersion("1.2.3-beta") == nil)
        for text in ["1.2", "1.2.3.4", "1..3", ".1.2", "1.2.", "", "a.b.c", "1.2.+3", "99999999999999999999.0.0"] {
            #expect(SemanticVersion(text) == nil, "\(text)")
        }
        #expect(SemanticVersion("10.0.12") == SemanticVersion("10.0.12") && SemanticVersion("10.0.12")?.description == "10.0.12")
    }
}

/// The reader against ELF files made here: the smallest file with a section table, and broken ones.
@Suite struct PluginDescriptorReaderTests {
    /// An ELF64 little-endian file whose sections are a name table and, if given, one named `name`.
    static func elf(section name: String?, payload: [UInt8]) -> [UInt8] {
        var names: [UInt8] = [0] + Array(".shstrtab".utf8) + [0]
        let nameOffset = names.count
        if let name { names += Array(name.utf8) + [0] }
        let namesAt = 64, payloadAt = namesAt + names.count, tableAt = (payloadAt + payload.count + 7) / 8 * 8
        var file = [UInt8](repeating: 0, count: tableAt)
        file.replaceSubrange(0..<4, with: [0x7F, 0x45, 0x4C, 0x46])
        file[4] = 2; file[5] = 1; file[6] = 1
        func put<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + MemoryLayout<T>.size, with: $0) }
        }
        let count = name == nil ? 2 : 3
        put(UInt64(tableAt), at: 0x28, in: &file)
        put(UInt16(64), at: 0x3A, in: &file)
        put(UInt16(count), at: 0x3C, in: &file)
        put(UInt16(1), at: 0x3E, in: &file)
        file.replaceSubrange(namesAt..<namesAt + names.count, with: names)
        file.replaceSubrange(payloadAt..<payloadAt + payload.count, with: payload)
        var table = [UInt8](repeating: 0, count: 64 * count)
        put(UInt32(1), at: 64, in: &table); put(UInt32(3), at: 64 + 4, in: &table)
        put(UInt64(namesAt), at: 64 + 0x18, in: &table); put(UInt64(names.count), at: 64 + 0x20, in: &table)
        if name != nil {
            put(UInt32(nameOffset), at: 128, in: &table); put(UInt32(1), at: 128 + 4, in: &table)
            put(UInt64(payloadAt), at: 128 + 0x18, in: &table); put(UInt64(payload.count), at: 128 + 0x20, in: &table)
        }
        return file + table
    }

    static func write(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-elf-\(UUID().uuidString).so")
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func readsTheDescriptorSectionOfAnELFFile() throws {
        let section = PluginDescriptorSection.bytes(json: Array(PluginDescriptorTests.json.utf8))
        let path = try Self.write(Self.elf(section: "strata_descriptor", payload: section))
        defer { unlink(path) }
        #expect(try PluginDescriptorReader.read(libraryAt: path).id == "hello")
    }

    @Test func tellsNotELFTruncatedAndNoSectionApart() throws {
        let section = PluginDescriptorSection.bytes(json: Array(PluginDescriptorTests.json.utf8))
        let whole = Self.elf(section: "strata_descriptor", payload: section)
        let cases: [([UInt8], (PluginDescriptorError) -> Bool)] = [
            (Array("#!/bin/sh\necho not a library\n".utf8) + [UInt8](repeating: 0, count: 64), { if case .notELF = $0 { true } else { false } }),
            (Array(whole.prefix(whole.count - 10)), { if case .truncated = $0 { true } else { false } }),
            (Self.elf(section: "other_section", payload: section), { $0 == .missingSection }),
            (Self.elf(section: nil, payload: []), { $0 == .missingSection }),
        ]
        for (bytes, expected) in cases {
            let path = try Self.write(bytes)
            defer { unlink(path) }
            do {
                _ = try PluginDescriptorReader.read(libraryAt: path)
                Issue.record("read a descriptor from a broken file")
            } catch {
                #expect(expected(error), "\(error)")
            }
        }
        #expect(throws: PluginDescriptorError.self) { try PluginDescriptorReader.read(libraryAt: "/nonexistent/libX.so") }
    }

    /// A header value of 2^63 or more (any 64-bit offset or size) trapped on `Int(_:)` and took down every
    /// command; each is now refused in words, from a file and from memory alike.
    @Test func hugeOffsetsAndSizesAreRefusedNotTrapped() throws {
        let section = PluginDescriptorSection.bytes(json: Array(PluginDescriptorTests.json.utf8))
        let whole = Self.elf(section: "strata_descriptor", payload: section)
        let tableAt = Int(whole[0x28]) | Int(whole[0x29]) << 8
        // The table offset, then the name table's and the descriptor section's offset and size.
        let fields = [0x28, tableAt + 64 + 0x18, tableAt + 64 + 0x20, tableAt + 128 + 0x18, tableAt + 128 + 0x20]
        for field in fields {
            for value: UInt64 in [1 << 63, .max, .max - 8, 1 << 62] {
                var bytes = whole
                withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(field..<field + 8, with: $0) }
                #expect(throws: PluginDescriptorError.self, "field at \(field) = \(value)") {
                    try PluginDescriptorReader.section(inFileBytes: bytes, path: "crafted.so")
                }
                let path = try Self.write(bytes)
                defer { unlink(path) }
                #expect(throws: PluginDescriptorError.self, "field at \(field) = \(value)") {
                    try PluginDescriptorReader.read(libraryAt: path)
                }
            }
        }
        // The whole file still reads from memory as from disk.
        #expect(try PluginDescriptorReader.section(inFileBytes: whole, path: "whole.so") == section)
    }
}
