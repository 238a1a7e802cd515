import Foundation
import Glibc
import Testing
@testable import StrataHost

/// The catalog file's own layout: what is written reads back the same, and anything else (any truncation,
/// a hostile number, a record twice) is refused as a whole, without trapping.
@Suite struct CatalogFileTests {
    static let folder = "/plugins"

    static func status(inode: Int, changed: Int) -> stat {
        var status = stat()
        status.st_ino = UInt(inode)
        status.st_size = 4096
        status.st_ctim = timespec(tv_sec: changed, tv_nsec: 5)
        status.st_mtim = timespec(tv_sec: changed, tv_nsec: 5)
        return status
    }

    /// Two described plugins (one with a dependency, two commands, a screen, a secret and an incompatibility) and one problem.
    static var catalog: CatalogFile {
        var catalog = CatalogFile(folder: folder)
        let now = timespec(tv_sec: 2_000_000_000, tv_nsec: 0)
        let rich = PluginFacts(id: "blocks", displayName: "Blocks ✓", version: "1.2.3", summary: "line one\nline two: 5:0#",
                               dependencies: ["core": ">=1.0.0 <2.0.0"], commands: CommandPaths([["blocks", "list"], ["clock"]]),
                               screens: [.init(title: "Blocks", summary: "the day")], secretSettings: ["token"],
                               incompatibility: "it needs StrataTerminal.ListRow.init(title: Swift.String) from the Strata SDK")
        let plain = PluginFacts(id: "gpt", displayName: "", version: "0.0.1", summary: "", dependencies: [:], commands: CommandPaths([]),
                                screens: [], secretSettings: [], incompatibility: nil)
        catalog.record(.facts(rich), named: "libBlocksPlugin.so", status: status(inode: 1, changed: 1_000), now: now)
        catalog.record(.facts(plain), named: "libGptPlugin.so", status: status(inode: 2, changed: 1_000), now: now)
        catalog.record(.problem("its ABI is 'x'"), named: "libOldPlugin.so", status: status(inode: 3, changed: 1_000), now: now)
        catalog.checkWords()
        return catalog
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let catalog = Self.catalog
        #expect(catalog.records.count == 3 && catalog.wordsAgree)
        let decoded = try #require(CatalogFile.decode(catalog.encoded(), folder: Self.folder))
        #expect(decoded == catalog)
        #expect(CatalogFile.decode(catalog.encoded(), folder: "/elsewhere") == nil, "another folder's catalog")
        // A record's command paths are kept as a slice of the file's bytes: they decode, and write again, as
        // they were written.
        guard case .facts(let facts) = try #require(decoded.records["libBlocksPlugin.so"]).outcome else {
            Issue.record("Blocks' record lost its facts")
            return
        }
        #expect(facts.commands.paths == [["blocks", "list"], ["clock"]] && facts.commands.firstWords == ["blocks", "clock"])
        #expect(decoded.encoded() == catalog.encoded())
    }

    @Test func everyTruncationIsRefusedWhole() {
        let bytes = Self.catalog.encoded()
        // A prefix that ends exactly between records is a whole, shorter catalog: only those may decode.
        for length in 0..<bytes.count {
            guard let decoded = CatalogFile.decode(Array(bytes.prefix(length)), folder: Self.folder) else { continue }
            #expect(decoded.records.count < 3 && decoded.records.allSatisfy { Self.catalog.records[$0.key] == $0.value },
                    "a prefix of \(length) bytes gave records that were not written")
        }
    }

    @Test(arguments: [
        ("a length past the end", "LEN", "999999"), ("a negative length", "LEN", "-1"), ("a length beyond Int64", "LEN", "99999999999999999999"),
        ("a letter in a number", "LEN", "1x"), ("a string past the end", "5:1.2.3", "99999:1.2.3"),
        ("a string length beyond Int64", "5:1.2.3", "99999999999999999999:1.2.3"), ("a negative string length", "5:1.2.3", "-5:1.2.3"),
        ("a count past the end", "2#", "99999999#"), ("a count beyond Int64", "2#", "99999999999999999999#"),
        ("an unknown outcome", "F", "Q"), ("a bad agreement line", "words agree", "words maybe"),
        ("first words that leave one of the paths' out", "2#6:blocks5:clock", "1#6:blocks"),
        ("a path of no words", "1#5:clock", "0#"),
    ])
    func aHostileNumberOrFieldIsRefusedWhole(what: String, old: String, new: String) throws {
        #expect(CatalogFile.decode(try Self.patched(old, new), folder: Self.folder) == nil, "\(what)")
    }

    /// The catalog with `old` replaced by `new` in Blocks' record (its length kept right), or in its
    /// length itself (`LEN`), or in the header.
    static func patched(_ old: String, _ new: String) throws -> [UInt8] {
        let text = String(decoding: catalog.encoded(), as: UTF8.self)
        if old == "words agree" { return Array(text.replacingOccurrences(of: old, with: new).utf8) }
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("libBlocksPlugin.so ") })
        let fields = line.split(separator: " ").map(String.init)
        let lineRange = try #require(text.range(of: String(line) + "\n"))
        let end = text.utf8.index(lineRange.upperBound, offsetBy: try #require(Int(fields.last!)))
        let payload = String(text[lineRange.upperBound..<end])
        func record(length: String, _ payload: String) -> String { (fields.dropLast() + [length]).joined(separator: " ") + "\n" + payload }
        let replaced: String
        if old == "LEN" {
            replaced = record(length: new, payload)
        } else {
            #expect(payload.contains(old), "\(old) is not in the record")
            let changed = payload.replacingOccurrences(of: old, with: new)
            replaced = record(length: String(changed.utf8.count), changed)
        }
        return Array((text[..<lineRange.lowerBound] + replaced + text[end...]).utf8)
    }

    @Test(arguments: ["libGptPlugin.so", "libGptPlugin.so 1 2", "libGptPlugin.so 1 2 3 4 5 6 7 0 9", " 1 2 3 4 5 6 7 0"])
    func aRecordLineWithoutItsNameAndEightNumbersIsRefused(line: String) {
        let header = "\(CatalogFile.header)\n\(Self.folder)\nwords agree\n"
        #expect(CatalogFile.decode(Array((header + line + "\n").utf8), folder: Self.folder) == nil, "\(line)")
    }

    @Test func aRecordTwiceIsRefused() throws {
        // Records follow one another with no separator: Gpt's starts with its name, right after Blocks' bytes.
        let bytes = Self.catalog.encoded(), name = Array("libGptPlugin.so ".utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: name) })
        let lineEnd = try #require(bytes[start...].firstIndex(of: UInt8(ascii: "\n")))
        let length = try #require(Int(String(decoding: bytes[start..<lineEnd], as: UTF8.self).split(separator: " ").last!))
        #expect(CatalogFile.decode(bytes + bytes[start..<(lineEnd + 1 + length)], folder: Self.folder) == nil)
    }

    @Test func aFileChangedWithinTheClockTickIsNotRecorded() {
        var catalog = CatalogFile(folder: Self.folder)
        let facts = PluginFacts(id: "gpt", displayName: "", version: "0.0.1", summary: "", dependencies: [:], commands: CommandPaths([]),
                                screens: [], secretSettings: [], incompatibility: nil)
        catalog.record(.facts(facts), named: "libGptPlugin.so", status: Self.status(inode: 2, changed: 1_000), now: timespec(tv_sec: 1_000, tv_nsec: 5))
        #expect(catalog.records.isEmpty)
    }

    /// The catalog's header names the SDK libraries' files (``SDKSymbolCheck/fingerprint``), so a plugin's
    /// verdict (compatible, or which SDK symbol it lacks) is not taken from a catalog written beside another
    /// SDK: rewriting, replacing or removing any SDK library changes the fingerprint.
    @Test func anyChangeToTheSDKsLibrariesChangesTheCatalogsHeader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for library in SDKSymbolCheck.libraries { try Data("elf \(library)".utf8).write(to: folder.appendingPathComponent(library)) }
        let fingerprint = { SDKSymbolCheck.fingerprint(ofLibrariesIn: folder.path) }
        let first = fingerprint()
        #expect(fingerprint() == first, "unchanged files, the same fingerprint")
        var seen = [first]
        let storage = folder.appendingPathComponent("libStrataStorage.so"), kit = folder.appendingPathComponent("libStrataPluginKit.so")
        let changes: [(String, () throws -> Void)] = [
            ("rewritten with the same bytes", { try Data(contentsOf: storage).write(to: storage) }),
            ("replaced by a rename", { try Data("new".utf8).write(to: kit, options: .atomic) }),
            ("removed", { try FileManager.default.removeItem(at: storage) }),
        ]
        for (what, change) in changes {
            // A change time in a clock tick of its own, so that even a file system with coarse times shows it.
            let before = fingerprint()
            var now = timespec(), start = timespec()
            clock_gettime(CLOCK_REALTIME_COARSE, &start)
            while clock_gettime(CLOCK_REALTIME_COARSE, &now) == 0, now.tv_sec == start.tv_sec, now.tv_nsec == start.tv_nsec { usleep(1000) }
            try change()
            #expect(fingerprint() != before && !seen.contains(fingerprint()), "\(what)")
            seen.append(fingerprint())
        }
        #expect(SDKSymbolCheck.fingerprint(ofLibrariesIn: nil) != first, "no SDK folder is no SDK")
        #expect(CatalogFile.header.hasSuffix(" sdk \(SDKSymbolCheck.fingerprint)"))
    }

    /// This process's SDK folder, from the dynamic loader's link map, is the one `/proc/self/maps` shows
    /// libStrataPluginKit.so mapped from (the way it was found before).
    @Test func theSDKFolderIsTheOneItsLibraryIsMappedFrom() throws {
        let mapped = try #require(MappedFiles.paths().first { $0.hasSuffix("/libStrataPluginKit.so") }, "this test process maps the SDK")
        let folder = try #require(SDKSymbolCheck.folder)
        #expect(realPath(folder) == realPath(String(mapped.dropLast("/libStrataPluginKit.so".count))))
    }

    @Test func wordsThatClashAreJudgedWhenTheCatalogIsBuilt() throws {
        var catalog = Self.catalog
        let thief = PluginFacts(id: "thief", displayName: "", version: "0.0.1", summary: "", dependencies: [:], commands: CommandPaths([["clock", "stop"]]),
                                screens: [], secretSettings: [], incompatibility: nil)
        catalog.record(.facts(thief), named: "libThiefPlugin.so", status: Self.status(inode: 4, changed: 1_000),
                       now: timespec(tv_sec: 2_000_000_000, tv_nsec: 0))
        catalog.checkWords()
        #expect(!catalog.wordsAgree)
        #expect(try #require(CatalogFile.decode(catalog.encoded(), folder: Self.folder)).wordsAgree == false)
    }
}
