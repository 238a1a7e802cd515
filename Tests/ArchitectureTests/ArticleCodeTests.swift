import Foundation
import Testing

/// The SDK documentation's articles (`docs/Strata.docc`) can't rot: every article's Swift code is
/// type-checked by the compiler against the SDK modules this build made, and its JSON must parse.
@Suite struct ArticleCodeTests {
    static let catalog = ArchitectureTests.root.appendingPathComponent("docs/Strata.docc")
    /// The built modules (`.build/debug/Modules`), beside the test bundle.
    static let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("Modules")

    /// SQLite's module map, which StrataStorage's module refers to.
    /// The C modules the SDK's modules import, which a client of theirs must find too.
    static let cModules = ["CSQLite", "CZlib"].map { ArchitectureTests.root.appendingPathComponent("Core/Sources/\($0)") }

    static func articles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The fenced blocks of `markdown` whose info string is `language`.
    static func blocks(_ language: String, in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyGuideHasSwiftCode() throws {
        let guides = try Self.articles().filter { $0 != "StrataPluginKit.md" }
        #expect(guides.count == 7)
        for guide in guides {
            let text = try String(contentsOf: Self.catalog.appendingPathComponent(guide), encoding: .utf8)
            #expect(!Self.blocks("swift", in: text).isEmpty, "\(guide) has no ```swift block")
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: try articles())
    func theArticlesSwiftTypeChecks(_ article: String) throws {
        let text = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
        let code = Self.blocks("swift", in: text)
        guard !code.isEmpty else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // One file per block: each block's imports are its own, as a reader would copy it.
        let files = try code.enumerated().map { index, block in
            let file = folder.appendingPathComponent("Block\(index).swift")
            try block.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        let (status, errors) = try Self.swiftc(["-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "Article",
                                                "-I", Self.modules.path] + Self.cModules.flatMap { ["-I", $0.path] } + files, errorsTo: folder.appendingPathComponent("errors"))
        #expect(status == 0, "the Swift of \(article) doesn't compile against the SDK:\n\(errors)")
    }

    /// `ManualWallClock(start:)` takes a `Timestamp`, declared in StrataBase, which no product of `Core` a
    /// plugin depends on is: `import StrataRuntime` brings it (before, the name was out of reach, and inside
    /// `#expect` the compiler's cascade buried why).
    @Test func timestampComesWithStrataRuntime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-timestamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Clock.swift")
        try """
            import StrataRuntime

            let clock = ManualWallClock(start: Timestamp(secondsSince1970: 1_800_000_000))
            let later: Timestamp = clock.now()
            """.write(to: file, atomically: true, encoding: .utf8)
        let (status, errors) = try Self.swiftc(["-typecheck", "-swift-version", "6", "-module-name", "Clock", "-I", Self.modules.path]
                                                    + Self.cModules.flatMap { ["-I", $0.path] } + [file.path],
                                                errorsTo: folder.appendingPathComponent("errors"))
        #expect(status == 0, "\(errors)")
    }

    @Test(arguments: try articles())
    func theArticlesJSONParses(_ article: String) throws {
        let text = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
        for block in Self.blocks("json", in: text) {
            #expect(throws: Never.self, "\(article): \(block.prefix(60))…") { try JSONSerialization.jsonObject(with: Data(block.utf8)) }
        }
    }

    /// Runs the toolchain's `swiftc`; its diagnostics go to a file (no pipe to fill).
    static func swiftc(_ arguments: [String], errorsTo file: URL) throws -> (Int32, String) {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: file)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }
}
