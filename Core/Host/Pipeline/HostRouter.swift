import StrataHosting
import StrataPluginKit

/// Where the router sends a command line.
enum HostRoute {
    /// The interactive app (no words, on a terminal).
    case interactive
    /// The help, after the plugins' status table when `status` (no words, not on a terminal).
    case overview(status: Bool)
    /// `strata __probe ID`: load one plugin and report it as JSON.
    case probe(String)
    /// One of the host's own commands, its arguments parsed.
    case host(HostCommand, arguments: CommandArguments)
    /// A plugin's command: the runner parses it, activates the plugin and runs it.
    case plugin(PluginCommandRequest)
    /// Text for standard output, exit 0: a command's or a group's help.
    case show(String)
    /// A line (or more) for standard error after `strata: `, and the exit code.
    case fail(String, code: Int32)
}

/// The third stage: a command line's words to a host command, a plugin command, help, or an error with a
/// suggestion, from the declarations alone (the host's ``HostCommand`` table and the plugins' descriptors).
struct HostRouter {
    let catalog: PluginCatalog
    let records: [PluginRecord]
    /// Where the config came from, for the message about a disabled feature.
    let configSource: String

    /// Routes `words` (the command line without the global options); `interactive` when standard input and
    /// output are a terminal that can show the app.
    func route(_ words: [String], interactive: Bool) -> HostRoute {
        // `strata help WORDS…` is `strata WORDS… --help`, as `git help` and `swift help` take it.
        if words.count > 1, words[0] == "help" { return route(Array(words.dropFirst()) + ["--help"], interactive: false) }
        switch Array(words.prefix(2)) {
        case [] where interactive: return .interactive
        case [], ["-h"], ["--help"], ["help"]: return .overview(status: words.isEmpty)
        case ["__probe", words.count > 1 ? words[1] : ""]: return .probe(words[1])
        default: break
        }
        if HostCommand.groups.contains(words[0]) { return hostRoute(words) }
        if PluginLoader.reservedWords.contains(words[0]) {
            return .fail("unknown command '\(typed(words))'. Run `strata --help`.", code: 2)
        }
        return pluginRoute(words)
    }

    /// `strata plugins|config|di|completions …`: checks the words and flags, answers `--help`, and reports a
    /// usage error (exit 2) for anything it doesn't know.
    private func hostRoute(_ words: [String]) -> HostRoute {
        let group = words[0]
        guard let command = HostCommand.all.first(where: { words.starts(with: $0.words) }) else {
            if words.count == 1 || ["--help", "-h"].contains(words[1]) { return .show(HostCommand.help(for: group)) }
            return .fail("unknown command 'strata \(typed(words))'.\n" + HostCommand.help(for: group), code: 2)
        }
        let rest = Array(words.dropFirst(command.words.count))
        if rest.contains("--help") || rest.contains("-h") { return .show(command.help) }
        do {
            return .host(command, arguments: try command.spec.parse(rest))
        } catch {
            return .fail(command.usageError(error), code: 2)
        }
    }

    /// A plugin's words: the descriptors say which plugin owns them (the longest declared command that
    /// prefixes them); help and bad words are answered before any of its code is loaded.
    private func pluginRoute(_ words: [String]) -> HostRoute {
        let first = words[0]
        let wantsHelp = words.contains("--help") || words.contains("-h")
        let matched = catalog.command(for: words)
        guard let owner = matched?.entry ?? catalog.owner(ofWord: first),
            let record = records.first(where: { $0.id == owner.id })
        else {
            let known = catalog.entries.flatMap { $0.facts?.commands.firstWords ?? [] } + HostCommand.groups
            let what =
                first.hasPrefix("-")
                ? "unknown option '\(first)'."
                : "unknown command '\(typed(words))'."
                    + (closestName(to: first, in: known).map { " Did you mean '\($0)'?" } ?? "")
            return .fail("\(what) Run `strata --help` for the commands.", code: 2)
        }
        // A setting the config got wrong is a config error: exit 2, as the README's exit codes say.
        if let refusal = refusal(record) { return .fail(refusal, code: record.hasBadSettings ? 2 : 1) }
        guard let declared = matched?.command else {
            let group = owner.descriptor?.commands.filter { $0.words.first == first } ?? []
            let help =
                "Commands of `strata \(first)`:\n" + Console.listing(group.map { ["  " + $0.words.joined(separator: " "), $0.summary] })
                + "\nRun `strata \(first) <command> --help` for a command's usage.\n"
            if wantsHelp || words.count == 1 { return .show(help) }
            return .fail("unknown command '\(typed(words))'.\n" + help.dropLast(), code: 2)
        }
        let arguments = Array(words.dropFirst(declared.words.count))
        if wantsHelp && !arguments.contains("--") { return .show(declared.spec.help(path: declared.words, summary: declared.summary)) }
        return .plugin(PluginCommandRequest(pluginID: owner.id, declared: declared, arguments: arguments))
    }

    /// The command `words` name, for a message that it is unknown: without `--help` or `-h`, which asked for its
    /// help (`strata help frobnicate` was "unknown command 'frobnicate --help'").
    private func typed(_ words: [String]) -> String {
        words.filter { $0 != "--help" && $0 != "-h" }.joined(separator: " ")
    }

    /// Why the plugin of `record` can't run a command at all (disabled, failed, crashed), or `nil`.
    private func refusal(_ record: PluginRecord) -> String? {
        switch record.state {
        case .disabled:
            "feature '\(record.id)' is disabled in \(configSource). Run `strata plugins enable \(record.id)` to use it."
        case .failed, .incompatible: "feature '\(record.id)' can't be used: \(record.error ?? "unknown reason")"
        case .crashed, .timedOut: "feature '\(record.id)' \(record.error ?? "crashed before")"
        case .enabled, .loaded: nil
        }
    }
}
