import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit

extension HostSession {
    /// Runs `strata <words…>` as a plugin command: the descriptors say which plugin owns the words (the
    /// longest declared command that prefixes them), and only that plugin and its dependencies are loaded.
    func runFeatureCommand(_ words: [String]) async -> Int32 {
        let first = words[0]
        let wantsHelp = words.contains("--help") || words.contains("-h")
        let matched = catalog.command(for: words)
        guard let owner = matched?.entry ?? catalog.owner(ofWord: first),
              let record = records.first(where: { $0.id == owner.id }) else {
            let known = catalog.entries.flatMap { $0.descriptor?.commands.map { $0.words[0] } ?? [] } + HostCommand.groups
            let what = first.hasPrefix("-") ? "unknown option '\(first)'." : "unknown command '\(words.joined(separator: " "))'."
                + (closestName(to: first, in: known).map { " Did you mean '\($0)'?" } ?? "")
            Console.error("\(what) Run `strata --help` for the commands.")
            return 2
        }
        if let refusal = refusal(record) {
            Console.error(refusal)
            return 1
        }
        guard let declared = matched?.command else {
            let group = owner.descriptor?.commands.filter { $0.words.first == first } ?? []
            if wantsHelp || words.count == 1 {
                Console.write(groupHelp(first, group))
                return 0
            }
            Console.error("unknown command '\(words.joined(separator: " "))'.")
            Console.writeError(String(groupHelp(first, group).dropLast()))
            return 2
        }
        // The descriptor says what the command takes: help and bad input are answered before any of the
        // plugin's code is loaded.
        let arguments = Array(words.dropFirst(declared.words.count))
        if wantsHelp && !arguments.contains("--") {
            Console.write(declared.spec.help(path: declared.words, summary: declared.summary))
            return 0
        }
        // The invocation sanitizes what the command writes (and may write a status line's own controls),
        // so its output goes out as it is.
        let invocation = CommandInvocation(arguments: arguments, environment: environment, isTerminal: Console.isTerminalOutput,
                                           output: { writeAll($0, to: STDOUT_FILENO) },
                                           error: { writeAll($0, to: STDERR_FILENO) })
        let parsed: CommandArguments
        do {
            parsed = try declared.spec.parse(arguments)
        } catch {
            return PluginCommand.report(error, pluginID: owner.id, usage: declared.usage, to: invocation)
        }
        let loader = activate([owner.id])
        guard let active = loader.records.first(where: { $0.id == owner.id }), active.state == .loaded,
              let route = loader.routes.first(where: { $0.pluginID == owner.id && $0.command.path == declared.words }) else {
            let reason = loader.records.first { $0.id == owner.id }?.error ?? "it did not contribute the command"
            Console.error("feature '\(owner.id)' failed to load: \(reason)")
            return 1
        }
        CrashJournal.arm(owner.id, path: owner.path, in: crashes)
        let command = route.command, pluginID = owner.id, usage = declared.usage
        let code = await CommandInterruption.run {
            await command.execute(parsed, pluginID: pluginID, usage: usage, invocation: invocation)
        }
        CrashJournal.disarm()
        return code
    }

    /// Why the plugin of `record` can't run a command at all (disabled, failed, crashed), or `nil`.
    func refusal(_ record: PluginRecord) -> String? {
        switch record.state {
        case .disabled:
            "feature '\(record.id)' is disabled in \(config.source). Run `strata plugins enable \(record.id)` to use it."
        case .failed, .incompatible: "feature '\(record.id)' can't be used: \(record.error ?? "unknown reason")"
        case .crashed, .timedOut: "feature '\(record.id)' \(record.error ?? "crashed before")"
        case .enabled, .loaded: nil
        }
    }

    private func groupHelp(_ word: String, _ group: [PluginDescriptor.Command]) -> String {
        "Commands of `strata \(word)`:\n" + Console.table(group.map { ["  " + $0.words.joined(separator: " "), $0.summary] })
            + "\nRun `strata \(word) <command> --help` for a command's usage.\n"
    }
}
