import Foundation
import Testing

/// What a plugin can't do to the shared container: it imports StrataDI and StrataPluginKit as plugins do,
/// and the compiler refuses every host operation (posing as the host or another plugin, freezing, thawing,
/// removing, reaching the container through its context, making a context of its own), while resolving as
/// itself still compiles.
@Suite struct SealedContainerTests {
    static let attacks = [
        "try container.register(Int.self, owner: .host) { _ in 1 }",
        "try container.register(Int.self, owner: .plugin(\"gpt\")) { _ in 1 }",
        "container.freeze()",
        "container.thaw()",
        "_ = container.removeRegistrations(ownedBy: .plugin(\"gpt\"))",
        "_ = context.container",
        "_ = PluginContext(pluginID: \"gpt\", dataDirectory: URL(fileURLWithPath: \"/\"), settings: context.settings, container: Container())",
    ]

    @Test(arguments: attacks)
    func aPluginCannotCallAHostOperation(attack: String) throws {
        let result = try typecheck(attack)
        #expect(result.status != 0, "compiled: \(attack)")
        #expect(result.output.contains("inaccessible due to '@_spi' protection level"), "\(result.output)")
    }

    /// No call resolves as the host by default: who asks is always said.
    @Test func resolvingWithoutSayingWhoAsksDoesNotCompile() throws {
        let result = try typecheck("_ = try container.resolve(Int.self)")
        #expect(result.status != 0)
        #expect(result.output.contains("missing argument for parameter 'requester'"), "\(result.output)")
    }

    @Test func resolvingAsItselfStillCompiles() throws {
        let result = try typecheck("_ = try container.resolve(Int.self, requester: .plugin(\"blocks\"))")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Type-checks `statement` in a function of a plugin-like file that imports StrataDI plainly.
    private func typecheck(_ statement: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Attack.swift")
        try "import Foundation\nimport StrataDI\nimport StrataPluginKit\nfunc attack(_ container: Container, _ context: PluginContext) throws {\n    \(statement)\n}\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        let swiftc = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(swiftc, "swiftc is not on PATH"))
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path, source.path]
        let output = folder.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }
}
