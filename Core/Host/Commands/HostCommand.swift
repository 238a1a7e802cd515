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
    /// Each host command's code; ``HostCommandCodeTests`` checks that every declared one has some, once.
    static let codes: [any HostCommandCode.Type] = [
        PluginsListCommand.self, PluginsCheckCommand.self, PluginsRetryCommand.self, PluginsAllowCommand.self,
        PluginsAuditCommand.self, PluginsInfoCommand.self, PluginsTopCommand.self, PluginsInstallCommand.self,
        PluginsVerifyCommand.self, PluginsUninstallCommand.self, PluginsTrustCommand.self, PluginsEnableCommand.self,
        PluginsDisableCommand.self, ConfigCheckCommand.self, ConfigAllowCommand.self, ConfigDenyCommand.self,
        DiListCommand.self, CompletionsCommand.self,
    ]

    /// The code of the command `words`. Looked for in the list, not in a dictionary by words: the runtime
    /// checks a dictionary's `[String]` keys are `Hashable` the first time it makes one, by scanning every
    /// conformance record of every library loaded (0.24 M instructions on every host command).
    static func code(for words: [String]) -> (any HostCommandCode.Type)? { codes.first { $0.words == words } }

    /// Runs the command with the arguments the router parsed, read through the command's typed declaration,
    /// and answers its exit status.
    func run(_ arguments: CommandArguments, on runner: HostRunner) -> Int32 {
        do throws(CommandExit) {
            // `dev` and `plugins new` run before the pipeline (runStrata); any other command needs its code above.
            guard let code = Self.code(for: words) else {
                Console.error("`strata \(words.joined(separator: " "))` is declared in commands.json but has no code in this build of strata.")
                throw CommandExit.noCode
            }
            try code.init(arguments).run(on: runner)
            return 0
        } catch {
            return error.status
        }
    }
}

extension PluginsListCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) {
        let plugins = PluginsCommands(runner: runner)
        if timings { plugins.timings(json: json) } else { plugins.list(json: json) }
    }
}

extension PluginsCheckCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) {
        let timeout = timeout ?? PluginProbe.defaultTimeout
        guard timeout > 0 else {
            Console.error("\(Self.name(\.timeout)) needs a number of seconds above 0, such as 10 or 0.5.\nUsage: strata \(HostCommand.named(Self.words).usage)")
            throw .usage
        }
        try PluginsCommands(runner: runner).check(json: json, timeout: timeout)
    }
}

extension PluginsRetryCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginsCommands(runner: runner).retry(id: id) }
}

extension PluginsAllowCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginsCommands(runner: runner).allow(id: id, yes: yes, json: json) }
}

extension PluginsAuditCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) {
        try PluginsCommands(runner: runner).audit(id: id, since: since, json: json, learn: learn)
    }
}

extension PluginsInfoCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginLifecycleCommands(catalog: runner.catalog).info(id, json: json) }
}

extension PluginsTopCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) {
        PluginsCommands(runner: runner).top(window: window == "all" ? .all : .today, json: json)
    }
}

extension PluginsInstallCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) {
        try PluginLifecycleCommands(catalog: runner.catalog).install(path, force: force, yes: yes)
    }
}

extension PluginsVerifyCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginVerification.run(file, against: against, json: json) }
}

extension PluginsUninstallCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginLifecycleCommands(catalog: runner.catalog).uninstall(id) }
}

extension PluginsTrustCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginLifecycleCommands(catalog: runner.catalog).trust(id) }
}

extension PluginsEnableCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginLifecycleCommands(catalog: runner.catalog).setEnabled(id, true) }
}

extension PluginsDisableCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try PluginLifecycleCommands(catalog: runner.catalog).setEnabled(id, false) }
}

extension ConfigCheckCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try ConfigCommands(catalog: runner.catalog).check(json: json) }
}

extension ConfigAllowCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try ConfigCommands(catalog: runner.catalog).allow(path) }
}

extension ConfigDenyCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { ConfigCommands(catalog: runner.catalog).deny(path) }
}

extension DiListCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { DIListing(runner: runner).run(json: json, includePrivate: `private`) }
}

extension CompletionsCommand: HostCommandCode {
    func run(on runner: HostRunner) throws(CommandExit) { try ShellScript.print(shell) }
}
