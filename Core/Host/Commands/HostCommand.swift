import StrataPluginKit

/// One of the host's own commands: what selects it, how it is used, and the flags it takes.
struct HostCommand {
    let words: [String]
    let usage: String
    let summary: String
    let flags: Set<String>
    /// The options that take a value (`--timeout`).
    var options: Set<String> = []
    /// The names of its required positional arguments (`ID`).
    var positionals: [String] = []
    /// The names of the positional arguments that may follow them (`PATH`).
    var optionalPositionals: [String] = []

    static let all = [
        HostCommand(words: ["plugins", "list"], usage: "plugins list [--json] [--timings]",
                    summary: "every discovered plugin: id, version, state, path, error; --timings activates each and times it",
                    flags: ["--json", "--timings"]),
        HostCommand(words: ["plugins", "check"], usage: "plugins check [--json] [--timeout SECONDS]",
                    summary: "load each plugin in a child process and report ok / failed / crashed / timed out (10 s each)",
                    flags: ["--json"], options: ["--timeout"]),
        HostCommand(words: ["plugins", "retry"], usage: "plugins retry ID",
                    summary: "forget that a plugin crashed strata, so that it is tried again", flags: [], positionals: ["ID"]),
        HostCommand(words: ["plugins", "info"], usage: "plugins info ID [--json]",
                    summary: "one plugin: descriptor, state, commands, screens, settings with values, dependents",
                    flags: ["--json"], positionals: ["ID"]),
        HostCommand(words: ["plugins", "install"], usage: "plugins install PATH [--force]",
                    summary: "check a lib<Name>Plugin.so (or build a package folder) and copy it to ~/.local/lib/strata/plugins",
                    flags: ["--force"], positionals: ["PATH"]),
        HostCommand(words: ["plugins", "uninstall"], usage: "plugins uninstall ID",
                    summary: "remove a plugin installed in ~/.local/lib/strata/plugins", flags: [], positionals: ["ID"]),
        HostCommand(words: ["plugins", "trust"], usage: "plugins trust ID",
                    summary: "record the plugin file's SHA-256, which \"trust\": \"pinned\" requires", flags: [], positionals: ["ID"]),
        HostCommand(words: ["plugins", "enable"], usage: "plugins enable ID",
                    summary: "set features.ID.enabled to true in the config, changing nothing else", flags: [], positionals: ["ID"]),
        HostCommand(words: ["plugins", "disable"], usage: "plugins disable ID",
                    summary: "set features.ID.enabled to false in the config, changing nothing else", flags: [], positionals: ["ID"]),
        HostCommand(words: ["plugins", "new"], usage: "plugins new NAME [--path DIR] [--core PATH]",
                    summary: "write a new out-of-tree plugin package", flags: []),
        HostCommand(words: ["dev"], usage: "dev PACKAGE [-- COMMAND…]",
                    summary: "build a plugin package, run the app (or COMMAND) with it, rebuild and restart on each change",
                    flags: []),
        HostCommand(words: ["config", "check"], usage: "config check [--json]",
                    summary: "validate the config and print the effective config (secrets redacted)", flags: ["--json"]),
        HostCommand(words: ["config", "allow"], usage: "config allow [PATH]",
                    summary: "approve ./strata.json (or PATH) as it is now, so that strata uses it", flags: [], optionalPositionals: ["PATH"]),
        HostCommand(words: ["config", "deny"], usage: "config deny [PATH]",
                    summary: "withdraw the approval of ./strata.json (or PATH)", flags: [], optionalPositionals: ["PATH"]),
        HostCommand(words: ["di", "list"], usage: "di list [--json]",
                    summary: "every registration in the container: owner, type, name, scope", flags: ["--json"]),
    ]

    /// The first words of the host's commands: `plugins`, `config`, `di`.
    static let groups = Set(all.map { $0.words[0] })

    /// The host commands of a group (`plugins`), as help lines.
    static func help(for group: String) -> String {
        "Commands of `strata \(group)`:\n"
            + Console.table(all.filter { $0.words[0] == group }.map { ["  strata " + $0.usage, $0.summary] })
    }
}

extension HostSession {
    /// Runs `strata plugins|config|di …` (all but `plugins new`, which needs no config): checks the words
    /// and flags, answers `--help`, and reports a usage error (exit 2) for anything it doesn't know.
    func runHostCommand(_ words: [String]) -> Int32 {
        let group = words[0]
        let rest = Array(words.dropFirst(2))
        guard words.count > 1, let command = HostCommand.all.first(where: { $0.words == Array(words.prefix(2)) }) else {
            if words.count == 1 || ["--help", "-h"].contains(words[1]) {
                Console.write(HostCommand.help(for: group))
                return 0
            }
            Console.error("unknown command 'strata \(words.joined(separator: " "))'.\n" + HostCommand.help(for: group))
            return 2
        }
        if rest.contains("--help") || rest.contains("-h") {
            Console.writeLine("\(command.summary.prefix(1).uppercased() + command.summary.dropFirst()).\n\nUsage: strata \(command.usage)")
            return 0
        }
        let arguments: CommandArguments
        do {
            arguments = try CommandArguments(rest, options: command.options, flags: command.flags)
            if arguments.positionals.count < command.positionals.count {
                throw CommandError.usage("missing \(command.positionals[arguments.positionals.count])")
            }
            if let extra = arguments.positionals.dropFirst(command.positionals.count + command.optionalPositionals.count).first {
                throw CommandError.usage("unexpected argument '\(extra)'")
            }
        } catch {
            Console.error("\(error).\nUsage: strata \(command.usage)")
            return 2
        }
        let json = arguments.has("--json")
        switch command.words {
        case ["plugins", "list"]: return arguments.has("--timings") ? pluginsTimings(json: json) : pluginsList(json: json)
        case ["plugins", "check"]:
            let timeout = arguments.value("--timeout").map(Double.init) ?? PluginProbe.defaultTimeout
            guard let timeout, timeout > 0, timeout.isFinite else {
                Console.error("--timeout needs a number of seconds above 0, such as 10 or 0.5.\nUsage: strata \(command.usage)")
                return 2
            }
            return pluginsCheck(json: json, timeout: timeout)
        case ["plugins", "retry"]: return pluginsRetry(id: arguments.positionals[0])
        case ["plugins", "info"]: return pluginsInfo(arguments.positionals[0], json: json)
        case ["plugins", "install"]: return pluginsInstall(arguments.positionals[0], force: arguments.has("--force"))
        case ["plugins", "uninstall"]: return pluginsUninstall(arguments.positionals[0])
        case ["plugins", "trust"]: return pluginsTrust(arguments.positionals[0])
        case ["plugins", "enable"]: return pluginsSetEnabled(arguments.positionals[0], true)
        case ["plugins", "disable"]: return pluginsSetEnabled(arguments.positionals[0], false)
        case ["config", "check"]: return configCheck(json: json)
        case ["config", "allow"]: return configAllow(arguments.positionals.first)
        case ["config", "deny"]: return configDeny(arguments.positionals.first)
        default: return diList(json: json)
        }
    }
}
