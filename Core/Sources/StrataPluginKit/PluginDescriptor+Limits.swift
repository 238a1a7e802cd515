extension PluginDescriptor {
    /// The most a descriptor may declare. strata reads every installed descriptor on every command (the
    /// listing, the help, the routing), so one past these is refused with the limit it breaks instead of
    /// slowing every command down. Each is well above what a real plugin declares.
    public enum Limits {
        public static let commands = 500
        public static let wordsPerCommand = 8
        /// Arguments, options and flags, each, per command; and an option's or a setting's choices.
        public static let entriesPerCommand = 64
        public static let screens = 16
        public static let settings = 200
        public static let dependencies = 64
        /// Hosts, environment variables and files, together.
        public static let capabilities = 64
        /// Characters in any one text: a word, a name, a summary, a help line.
        public static let textLength = 1_000
    }

    /// The first limit the descriptor breaks, as a sentence naming it; `nil` within all of them.
    var limitProblem: String? {
        // `what` is only spelled out for a count over its limit: a descriptor within them (every one strata
        // routes a command to) builds no message.
        func beyond(_ count: Int, _ limit: Int, _ what: @autoclosure () -> String) -> String? {
            count > limit ? "it declares \(count) \(what()), more than the \(limit) a descriptor may declare" : nil
        }
        if let problem = beyond(commands.count, Limits.commands, "commands") ?? beyond(screens.count, Limits.screens, "screens")
            ?? beyond(settings.count, Limits.settings, "settings") ?? beyond(dependencies.count, Limits.dependencies, "dependencies")
            ?? beyond(capabilities.network.count + capabilities.environment.count + capabilities.files.count, Limits.capabilities, "capabilities")
        {
            return problem
        }
        for command in commands {
            func name() -> String { "command '\(command.words.prefix(Limits.wordsPerCommand).joined(separator: " "))'" }
            if let problem = beyond(command.words.count, Limits.wordsPerCommand, "words in \(name())")
                ?? beyond(command.spec.arguments.count, Limits.entriesPerCommand, "arguments of \(name())")
                ?? beyond(command.spec.options.count, Limits.entriesPerCommand, "options of \(name())")
                ?? beyond(command.spec.flags.count, Limits.entriesPerCommand, "flags of \(name())")
                ?? command.spec.options.lazy.compactMap({ beyond($0.choices.count, Limits.entriesPerCommand, "choices of \(name())'s \($0.name)") }).first
            {
                return problem
            }
        }
        if let problem = settings.lazy.compactMap({ beyond($0.choices?.count ?? 0, Limits.entriesPerCommand, "choices of setting '\($0.key.prefix(40))'") })
            .first
        {
            return problem
        }
        // A text's UTF-8 length bounds its count of characters, which only a long one needs counted.
        if let long = texts.first(where: { $0.utf8.count > Limits.textLength && $0.count > Limits.textLength }) {
            return "a text of \(long.count) characters (\"\(long.prefix(40))…\"), longer than the \(Limits.textLength) a descriptor may hold"
        }
        return nil
    }

    /// Every text the descriptor holds.
    private var texts: [String] {
        var texts = [id, displayName, version, summary, abi] + dependencies.flatMap { [$0.key, $0.value] }
        for command in commands {
            texts += command.words + [command.summary]
            texts += command.spec.arguments.flatMap { [$0.name, $0.help] }
            texts += command.spec.options.flatMap { [$0.name, $0.value, $0.help] + $0.choices }
            texts += command.spec.flags.flatMap { [$0.name, $0.help] }
        }
        texts += screens.flatMap { [$0.title, $0.summary] }
        texts += settings.flatMap { [$0.key, $0.description] + ($0.defaultValue.map { [$0] } ?? []) + ($0.choices ?? []) }
        texts += capabilities.network + capabilities.environment + capabilities.files.map(\.path)
        return texts
    }
}
