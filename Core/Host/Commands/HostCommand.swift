import StrataPluginKit

/// One of the host's own commands: what selects it and what it takes, declared with the same
/// ``CommandSpec`` (and parsed by the same parser) as a plugin's commands.
struct HostCommand {
    let words: [String]
    let summary: String
    let spec: CommandSpec

    /// The usage without the leading `strata`: `plugins list [--json] [--timings]`.
    var usage: String { String(spec.usage(path: words).dropFirst("strata ".count)) }

    private static let json = CommandSpec.Flag("--json", help: "print JSON for scripts")
    /// The argument of `plugins info|enable|…`, which completion fills with plugin ids.
    static let pluginID = CommandSpec.Argument("ID", help: "the plugin's id")
    /// The argument of `completions`.
    static let shell = CommandSpec.Argument("SHELL", help: "bash, zsh or fish")

    static let all = [
        HostCommand(words: ["plugins", "list"],
                    summary: "every discovered plugin: id, version, state, path, error; --timings activates each and times it",
                    spec: CommandSpec(flags: [json, .init("--timings", help: "activate each plugin and time it")])),
        HostCommand(words: ["plugins", "check"],
                    summary: "load each plugin in a child process and report ok / failed / crashed / timed out (10 s each)",
                    spec: CommandSpec(options: [.init("--timeout", value: "SECONDS", help: "how long each plugin may take to load (default 10)",
                                                      type: .number)], flags: [json])),
        HostCommand(words: ["plugins", "retry"], summary: "forget that a plugin crashed strata, so that it is tried again",
                    spec: CommandSpec(arguments: [pluginID])),
        HostCommand(words: ["plugins", "info"], summary: "one plugin: descriptor, state, commands, screens, settings with values, dependents",
                    spec: CommandSpec(arguments: [pluginID], flags: [json])),
        HostCommand(words: ["plugins", "install"],
                    summary: "check a lib<Name>Plugin.so (or build a package folder) and copy it to ~/.local/lib/strata/plugins",
                    spec: CommandSpec(arguments: [.init("PATH", help: "a built lib<Name>Plugin.so, or a plugin package folder")],
                                      flags: [.init("--force", help: "replace an installed plugin of the same id")])),
        HostCommand(words: ["plugins", "verify"],
                    summary: "check a plugin library against this strata without loading it: its SDK and Swift, and every SDK symbol it needs",
                    spec: CommandSpec(arguments: [.init("FILE", help: "a built lib<Name>Plugin.so")], flags: [json])),
        HostCommand(words: ["plugins", "uninstall"], summary: "remove a plugin installed in ~/.local/lib/strata/plugins",
                    spec: CommandSpec(arguments: [pluginID])),
        HostCommand(words: ["plugins", "trust"], summary: "record the plugin file's SHA-256, which \"trust\": \"pinned\" requires",
                    spec: CommandSpec(arguments: [pluginID])),
        HostCommand(words: ["plugins", "enable"], summary: "set features.ID.enabled to true in the config, changing nothing else",
                    spec: CommandSpec(arguments: [pluginID])),
        HostCommand(words: ["plugins", "disable"], summary: "set features.ID.enabled to false in the config, changing nothing else",
                    spec: CommandSpec(arguments: [pluginID])),
        HostCommand(words: ["plugins", "new"], summary: "write a new out-of-tree plugin package",
                    spec: CommandSpec(arguments: [.init("NAME", help: "UpperCamelCase, e.g. Hello; the plugin id is its lowercase form")],
                                      options: [.init("--path", value: "DIR", help: "the folder to write the package in (default: here)"),
                                                .init("--core", value: "PATH", help: "the Strata SDK's Core folder the package depends on")])),
        HostCommand(words: ["dev"], summary: "build a plugin package, run the app (or COMMAND) with it, rebuild and restart on each change",
                    spec: CommandSpec(arguments: [.init("PACKAGE", help: "the plugin package folder"),
                                                  .init("-- COMMAND", help: "run `strata COMMAND…` after each build instead of the app",
                                                        optional: true, repeats: true)])),
        HostCommand(words: ["config", "check"], summary: "validate the config and print the effective config (secrets redacted)",
                    spec: CommandSpec(flags: [json])),
        HostCommand(words: ["config", "allow"], summary: "approve ./strata.json (or PATH) as it is now, so that strata uses it",
                    spec: CommandSpec(arguments: [.init("PATH", help: "the config file (default ./strata.json)", optional: true)])),
        HostCommand(words: ["config", "deny"], summary: "withdraw the approval of ./strata.json (or PATH)",
                    spec: CommandSpec(arguments: [.init("PATH", help: "the config file (default ./strata.json)", optional: true)])),
        HostCommand(words: ["di", "list"], summary: "what plugins may resolve: the host's services and what plugins export",
                    spec: CommandSpec(flags: [json, .init("--private", help: "also each plugin's private registrations")])),
        HostCommand(words: ["completions"], summary: "print the shell completion script for bash, zsh or fish (README: installing it)",
                    spec: CommandSpec(arguments: [shell])),
    ]

    /// The command selected by `words`.
    static func named(_ words: [String]) -> HostCommand {
        all.first { $0.words == words }!
    }

    /// Parses `arguments`; on bad input prints one `strata: message` line and the usage, and answers nil.
    func parse(_ arguments: [String]) -> CommandArguments? {
        do {
            return try spec.parse(arguments)
        } catch {
            Console.error(usageError(error))
            return nil
        }
    }

    /// What bad input to the command prints after `strata: `: the problem, then the usage.
    func usageError(_ error: any Error) -> String { "\(error)\nUsage: strata \(usage)" }

    /// `--help`: the summary, usage and what each argument, option and flag is for.
    var help: String {
        spec.help(path: words, summary: summary.prefix(1).uppercased() + summary.dropFirst() + ".")
    }

    /// The first words of the host's commands: `plugins`, `config`, `di`, `completions`.
    static let groups = Set(all.map { $0.words[0] })

    /// The host commands of a group (`plugins`), as help lines.
    static func help(for group: String) -> String {
        "Commands of `strata \(group)`:\n"
            + Console.table(all.filter { $0.words[0] == group }.map { ["  strata " + $0.usage, $0.summary] })
    }
}

extension HostCommand {
    /// Runs the command with the arguments the router parsed.
    func run(_ arguments: CommandArguments, on runner: HostRunner) -> Int32 {
        let json = arguments.has("--json"), id = arguments.positionals.first ?? ""
        let plugins = PluginsCommands(runner: runner), lifecycle = PluginLifecycleCommands(catalog: runner.catalog)
        let config = ConfigCommands(catalog: runner.catalog)
        switch words {
        case ["plugins", "list"]: return arguments.has("--timings") ? plugins.timings(json: json) : plugins.list(json: json)
        case ["plugins", "check"]:
            let timeout = arguments.number("--timeout") ?? PluginProbe.defaultTimeout
            guard timeout > 0 else {
                Console.error("--timeout needs a number of seconds above 0, such as 10 or 0.5.\nUsage: strata \(usage)")
                return 2
            }
            return plugins.check(json: json, timeout: timeout)
        case ["plugins", "retry"]: return plugins.retry(id: id)
        case ["plugins", "info"]: return lifecycle.info(id, json: json)
        case ["plugins", "install"]: return lifecycle.install(id, force: arguments.has("--force"))
        case ["plugins", "verify"]: return PluginVerification.run(id, json: json)
        case ["plugins", "uninstall"]: return lifecycle.uninstall(id)
        case ["plugins", "trust"]: return lifecycle.trust(id)
        case ["plugins", "enable"]: return lifecycle.setEnabled(id, true)
        case ["plugins", "disable"]: return lifecycle.setEnabled(id, false)
        case ["config", "check"]: return config.check(json: json)
        case ["config", "allow"]: return config.allow(arguments.positionals.first)
        case ["config", "deny"]: return config.deny(arguments.positionals.first)
        case ["completions"]: return ShellScript.print(id)
        default: return DIListCommand(runner: runner).run(json: json, includePrivate: arguments.has("--private"))
        }
    }
}
