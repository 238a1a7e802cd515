import Foundation
import Testing

/// Every command of every feature answers bad input the same way, from its declaration in `plugin.json`
/// and before the plugin is loaded: exit 2, one `<plugin>: message` line, one usage line.
@Suite struct CommandUsageProcessTests {
    struct Declared {
        let plugin: String
        let words: [String]
        let requiresSomething: Bool
    }

    /// The commands the four features' descriptors declare.
    static let commands: [Declared] = FeaturePluginsTests.features.flatMap { id -> [Declared] in
        let folder = id.prefix(1).uppercased() + id.dropFirst()
        let url = BuildProducts.repositoryRoot.appendingPathComponent("Plugins/\(folder)/plugin.json")
        guard let data = FileManager.default.contents(atPath: url.path),
              let descriptor = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let commands = descriptor["commands"] as? [[String: Any]] else { return [] }
        return commands.map { command in
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let options = command["options"] as? [[String: Any]] ?? []
            let required = arguments.contains { $0["optional"] as? Bool != true } || options.contains { $0["required"] as? Bool == true }
            return Declared(plugin: id, words: command["words"] as? [String] ?? [], requiresSomething: required)
        }
    }

    @Test func theFourFeaturesDeclareTheirCommands() {
        #expect(Set(Self.commands.map(\.plugin)).count == 4 && Self.commands.count >= 30, "\(Self.commands.count) commands")
    }

    @Test(arguments: commands.map { $0.words.joined(separator: " ") })
    func anUnknownOptionOrAMissingArgumentIsOneLineAndTheUsage(_ command: String) throws {
        let declared = try #require(Self.commands.first { $0.words.joined(separator: " ") == command })
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")
        var cases = [declared.words + ["--no-such-option"]]
        if declared.requiresSomething { cases.append(declared.words) }
        for words in cases {
            let result = try sandbox.strata(words)
            #expect(result.status == 2, "strata \(words.joined(separator: " ")): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 2, "one message line and one usage line: \(result.stderr)")
            #expect(lines.first?.hasPrefix("\(declared.plugin): ") == true, "\(result.stderr)")
            #expect(lines.last?.hasPrefix("Usage: strata \(command)") == true, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func helpListsWhatACommandTakesWithoutLoadingThePlugin() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")
        let help = try sandbox.strata(["movies", "search", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: strata movies search QUERY... [--page N] [--json]"), "\(help.stdout)")
        #expect(help.stdout.contains("--page N") && help.stdout.contains("the page of results"))
        let page = try sandbox.strata(["movies", "search", "dune", "--page", "two"])
        #expect(page.status == 2 && page.stderr.hasPrefix("movies: --page takes a whole number, not \"two\"\n"), "\(page.stderr)")
    }
}
