import Foundation
import Glibc
import StrataPluginKit
import Testing
@testable import StrataHost

/// A release's `symbols.txt` is read only as what it says it is: the stamp of that release first, then
/// symbols; anything else (another release's stamp, no stamp, not a regular file, a folder name that is no
/// version) is refused or skipped in words, and the first folder that holds a baseline is the one used.
@Suite struct SDKBaselineTests {
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-baseline-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func aBaselineIsItsReleasesStampAndSymbolsAndNothingElseIsTaken() throws {
        let root = try Self.folder([
            "1.0.0/symbols.txt": "strata-sdk=1.0.0;swift=6.3.1\n$sA\n$sB\n",
            "1.1.0/symbols.txt": "strata-sdk=1.0.0;swift=6.3.1\n$sA\n",  // another release's stamp
            "1.2.0/symbols.txt": "$sA\n$sB\n",  // no stamp
            "latest/symbols.txt": "strata-sdk=1.0.0;swift=6.3.1\n",  // not a version: not a release
            "1.3.0/RELEASE": "no symbols.txt: not a release with a baseline",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: "\(root)/1.4.0/symbols.txt", withIntermediateDirectories: true)

        let found = try #require(try SDKBaseline.releases(in: ["\(root)/missing", root]))
        #expect(found.folder == root)
        #expect(found.versions.map(\.description) == ["1.0.0", "1.1.0", "1.2.0", "1.4.0"])

        let good = try SDKBaseline(version: try #require(SemanticVersion("1.0.0")), folder: root)
        #expect(good.symbols == ["$sA", "$sB"] && good.swift == "6.3.1" && good.stamp == "strata-sdk=1.0.0;swift=6.3.1")
        for (version, words) in [("1.1.0", "doesn't start with the stamp of SDK 1.1.0"), ("1.2.0", "doesn't start with the stamp of SDK 1.2.0"),
                                 ("1.4.0", "is not a regular file")] {
            #expect {
                try SDKBaseline(version: try #require(SemanticVersion(version)), folder: root)
            } throws: { "\($0)".contains(words) }
        }
        #expect(try SDKBaseline.releases(in: ["\(root)/missing"]) == nil)
    }
}
