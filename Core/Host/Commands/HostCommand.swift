import StrataPluginKit

/// One of the host's own commands: what selects it and what it takes. They are declared in `commands.json`
/// beside the host, as a plugin declares its commands in `plugin.json`, and parsed by the same parser; the
/// build tool (`StrataDescriptorPlugin`) generates a typed ``DeclaredCommand`` per command from it
/// (`plugins check` → `PluginsCheckCommand`, with `timeout: Double?` and `json: Bool`), which its code reads.
struct HostCommand {
    let words: [String]
    let summary: String
    let spec: CommandSpec

    /// The usage without the leading `strata`: `plugins list [--json] [--timings]`.
    var usage: String { String(spec.usage(path: words).dropFirst("strata ".count)) }

    /// Every host command, in the order `commands.json` declares them.
    static let all = DeclaredCommands.all.map { HostCommand(words: $0.words, summary: $0.summary, spec: $0.spec) }

    /// The argument of `plugins info|enable|…`, which completion fills with plugin ids.
    static let pluginID = named(PluginsInfoCommand.words).spec.arguments.first
    /// The argument of `completions`.
    static let shell = named(CompletionsCommand.words).spec.arguments.first
    /// The option of `plugins verify` that names a released SDK.
    static let against = named(PluginsVerifyCommand.words).spec.options.first

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
            + Console.listing(all.filter { $0.words[0] == group }.map { ["  strata " + $0.usage, $0.summary] })
    }
}

extension HostCommand {
    /// Runs the command with the arguments the router parsed, read through the command's typed declaration.
    func run(_ arguments: CommandArguments, on runner: HostRunner) -> Int32 {
        let plugins = PluginsCommands(runner: runner), lifecycle = PluginLifecycleCommands(catalog: runner.catalog)
        let config = ConfigCommands(catalog: runner.catalog)
        switch words {
        case PluginsListCommand.words:
            let command = PluginsListCommand(arguments)
            return command.timings ? plugins.timings(json: command.json) : plugins.list(json: command.json)
        case PluginsCheckCommand.words:
            let command = PluginsCheckCommand(arguments)
            let timeout = command.timeout ?? PluginProbe.defaultTimeout
            guard timeout > 0 else {
                Console.error("\(PluginsCheckCommand.name(\.timeout)) needs a number of seconds above 0, such as 10 or 0.5.\nUsage: strata \(usage)")
                return 2
            }
            return plugins.check(json: command.json, timeout: timeout)
        case PluginsRetryCommand.words: return plugins.retry(id: PluginsRetryCommand(arguments).id)
        case PluginsAllowCommand.words:
            let command = PluginsAllowCommand(arguments)
            return plugins.allow(id: command.id, yes: command.yes, json: command.json)
        case PluginsAuditCommand.words:
            let command = PluginsAuditCommand(arguments)
            return plugins.audit(id: command.id, since: command.since, json: command.json, learn: command.learn)
        case PluginsInfoCommand.words:
            let command = PluginsInfoCommand(arguments)
            return lifecycle.info(command.id, json: command.json)
        case PluginsTopCommand.words:
            let command = PluginsTopCommand(arguments)
            return plugins.top(window: command.window == "all" ? .all : .today, json: command.json)
        case PluginsInstallCommand.words:
            let command = PluginsInstallCommand(arguments)
            return lifecycle.install(command.path, force: command.force, yes: command.yes)
        case PluginsVerifyCommand.words:
            let command = PluginsVerifyCommand(arguments)
            return PluginVerification.run(command.file, against: command.against, json: command.json)
        case PluginsUninstallCommand.words: return lifecycle.uninstall(PluginsUninstallCommand(arguments).id)
        case PluginsTrustCommand.words: return lifecycle.trust(PluginsTrustCommand(arguments).id)
        case PluginsEnableCommand.words: return lifecycle.setEnabled(PluginsEnableCommand(arguments).id, true)
        case PluginsDisableCommand.words: return lifecycle.setEnabled(PluginsDisableCommand(arguments).id, false)
        case ConfigCheckCommand.words: return config.check(json: ConfigCheckCommand(arguments).json)
        case ConfigAllowCommand.words: return config.allow(ConfigAllowCommand(arguments).path)
        case ConfigDenyCommand.words: return config.deny(ConfigDenyCommand(arguments).path)
        case DiListCommand.words:
            let command = DiListCommand(arguments)
            return DIListing(runner: runner).run(json: command.json, includePrivate: command.private)
        case CompletionsCommand.words: return ShellScript.print(CompletionsCommand(arguments).shell)
        default:
            // `dev` and `plugins new` run before the pipeline (runStrata); any other command needs a case above.
            Console.error("`strata \(words.joined(separator: " "))` is declared in commands.json but has no code in this build of strata.")
            return 70
        }
    }
}
