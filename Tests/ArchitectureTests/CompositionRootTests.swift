import Foundation
import Testing

/// Each plugin builds its types in a typed container of its own (`MoviesDIContainer`, kudoleh's
/// `MoviesSceneDIContainer`), and its commands and screens get what they need from it: only
/// `<Name>Plugin.swift` reaches the shared container, to hand the container the host services and to
/// contribute the screen. Nothing under `Plugins/` registers a private type there or resolves one back.
@Suite struct CompositionRootTests {
    /// The calls that reach the shared container in `text`, and where they may be: `service` only in the
    /// plugin's own file (its host services), `register` and `resolve` nowhere (an `export` for other plugins
    /// would be fine: it crosses the boundary).
    static func problems(in text: String, isPluginFile: Bool) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//") else { continue }
            for call in ["context.register(", ".resolve("] + (isPluginFile ? [] : ["context.service("]) where code.contains(call) {
                found.append("line \(number + 1): \(call)")
            }
        }
        return found
    }

    @Test func commandsAndScreensGetTheirDependenciesFromTheTypedContainer() throws {
        let plugins = ArchitectureTests.root.appendingPathComponent("Plugins")
        var offenders: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: plugins.path) {
            let folder = plugins.appendingPathComponent(name)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            #expect(files.contains("\(name)DIContainer.swift"), "Plugins/\(name) has no typed container")
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                offenders += Self.problems(in: text, isPluginFile: file == "\(name)Plugin.swift").map { "Plugins/\(name)/\(file) \($0)" }
            }
        }
        #expect(offenders == [])
    }

    @Test func theRuleCatchesEachWayIntoTheSharedContainer() {
        let commands = """
            let useCase = try context.service((any SearchMoviesUseCase).self)
            // try context.service() in a comment
            try context.register(SQLiteDatabase.self) { resolver in try resolver.resolve() }
            """
        #expect(Self.problems(in: commands, isPluginFile: false) == ["line 1: context.service(", "line 3: context.register(", "line 3: .resolve("])
        #expect(Self.problems(in: "httpClient: { try context.service() }", isPluginFile: true) == [])
        #expect(Self.problems(in: "try context.register((any MoviesRepository).self) { _ in movies }", isPluginFile: true)
                == ["line 1: context.register("])
    }
}
