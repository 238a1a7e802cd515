import Foundation
import StrataPluginKit

extension HostSession {
    /// Runs `strata <words…>` as a plugin command: the longest contributed path that prefixes the words.
    func runFeatureCommand(_ words: [String]) async -> Int32 {
        let first = words[0]
        let owner = discovered.first { $0.id == first }
        if let owner, !config.isEnabled(owner.id) {
            Console.error("feature '\(owner.id)' is disabled in \(config.source). Set \"features\": {\"\(owner.id)\": {\"enabled\": true}} to use it.")
            return 1
        }
        let loader = loadPlugins(selection: owner.map { [$0.id] })
        if let owner, let record = loader.records.first(where: { $0.id == owner.id }), record.state == .failed {
            Console.error("feature '\(owner.id)' failed to load: \(record.error ?? "unknown reason")")
            return 1
        }
        let wantsHelp = words.contains("--help") || words.contains("-h")
        guard let route = loader.routes.filter({ words.starts(with: $0.command.path) }).max(by: { $0.command.path.count < $1.command.path.count }) else {
            let group = loader.routes.filter { $0.command.path.first == first }
            if !group.isEmpty {
                Console.write(groupHelp(first, group))
                return wantsHelp || words.count == 1 ? 0 : 2
            }
            Console.error("unknown command '\(words.joined(separator: " "))'. Run `strata --help` for the commands.")
            return 2
        }
        let arguments = Array(words.dropFirst(route.command.path.count))
        if wantsHelp && !arguments.contains("--") {
            Console.writeLine("\(route.command.summary)\n\nUsage: \(route.command.usage)")
            return 0
        }
        // The invocation sanitizes what the command writes (and may write a status line's own controls),
        // so its output goes out as it is.
        let invocation = CommandInvocation(arguments: arguments, environment: environment, isTerminal: Console.isTerminalOutput,
                                           output: { FileHandle.standardOutput.write(Data($0.utf8)) },
                                           error: { FileHandle.standardError.write(Data($0.utf8)) })
        let code = await route.command.run(invocation)
        if code == 2 { Console.writeError("Usage: \(route.command.usage)") }
        return code
    }

    private func groupHelp(_ word: String, _ group: [RoutedCommand]) -> String {
        "Commands of `strata \(word)`:\n" + Console.table(group.map { ["  " + $0.command.path.joined(separator: " "), $0.command.summary] })
            + "\nRun `strata \(word) <command> --help` for a command's usage.\n"
    }
}
