import Foundation
import Testing

/// What a plugin can't do to the shared container or the secret mask: it imports the SDK as plugins do, even
/// with the `@_spi(StrataHost)` imports that once opened the host's operations, and the compiler refuses every
/// host operation (making a container, reaching it through its context, posing as the host or another plugin,
/// changing the mask, importing StrataHostKit), while registering and resolving as itself still compiles.
@Suite struct SealedContainerTests {
    /// Each attack, and what the compiler says to it.
    static let attacks: [(statement: String, refusal: String)] = [
        ("_ = Container()", "cannot find 'Container' in scope"),
        ("_ = context.container", "value of type 'PluginContext' has no member 'container'"),
        ("try context.register(Int.self, owner: .host) { _ in 1 }", "extra arguments at positions #2, #3 in call"),
        ("try context.export(Int.self, owner: .plugin(\"gpt\")) { _ in 1 }", "extra arguments at positions #2, #3 in call"),
        ("_ = try resolver.resolve(Int.self, requester: .host)", "extra argument 'requester' in call"),
        ("SecretMask.add([\"sk-live-abcdef123456\"])", "type 'SecretMask' has no member 'add'"),
        ("SecretMask.removeAll()", "type 'SecretMask' has no member 'removeAll'"),
    ]

    @Test(arguments: attacks.indices)
    func aPluginCannotCallAHostOperation(attack: Int) throws {
        let (statement, refusal) = Self.attacks[attack]
        let result = try typecheck(statement)
        #expect(result.status != 0, "compiled: \(statement)")
        #expect(result.output.contains("error: \(refusal)"), "\(result.output)")
    }

    /// The host's module is not among the SDK's: a plugin building against `Core` can't import it.
    @Test func aPluginCannotImportTheHostKit() throws {
        let result = try typecheck("_ = 1", imports: ["StrataHostKit"])
        #expect(result.status != 0)
        #expect(result.output.contains("error: no such module 'StrataHostKit'"), "\(result.output)")
    }

    @Test func registeringAndResolvingAsItselfStillCompiles() throws {
        let result = try typecheck("try context.register(Int.self) { _ in 1 }; _ = try context.service(Int.self); _ = try resolver.resolve(Int.self)")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Type-checks `statement` in a function of a plugin-like file that imports the SDK with the old SPI
    /// (and `imports`).
    private func typecheck(_ statement: String, imports: [String] = []) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Attack.swift")
        let header = ["import Foundation", "@_spi(StrataHost) import StrataBase", "@_spi(StrataHost) import StrataDI",
                      "@_spi(StrataHost) import StrataPluginKit"] + imports.map { "import \($0)" }
        try (header + ["func attack(_ context: PluginContext, _ resolver: Resolver) throws {", "    \(statement)", "}", ""])
            .joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)
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
