/// Everything the host knows about a plugin before any of its code runs (PF4J's `plugin.properties`,
/// VS Code's `package.json`).
///
/// A plugin writes it once, as `plugin.json` beside its code; the SDK's build-tool plugin
/// (`StrataDescriptorPlugin`) checks it and compiles it into a named ELF section of the plugin's library
/// (``PluginDescriptorSection``), adding the ABI stamp of the compiler that builds it. The host reads it
/// from the file with ``PluginDescriptorReader`` (no `dlopen`): listings, help, routing, settings checks
/// and dependency order come from here, and a plugin's code is loaded only when it is used. What the
/// code declares when it registers must agree with it.
public struct PluginDescriptor: Encodable, Sendable, Equatable {
    /// Lowercase id (letters, digits, `-`): the config key `features.<id>`, and `lib<Id>Plugin.so`.
    public var id: String
    /// The name shown to people.
    public var displayName: String
    /// The plugin's version, `MAJOR.MINOR.PATCH`.
    public var version: String
    /// One sentence on what the feature does.
    public var summary: String
    /// `strata-sdk=<version>;swift=<compiler>` of the build that made the library (``StrataABI/stampString``);
    /// written by the build-tool plugin, not by hand.
    public var abi: String
    /// The plugins this one needs, each with a version range (``VersionRange``), e.g. `">=1.0.0 <2.0.0"`.
    public var dependencies: [String: String]
    /// The commands it contributes.
    public var commands: [Command]
    /// The interactive screens it contributes (at most one today: its root screen on the home screen).
    public var screens: [Screen]
    /// The settings it reads from `features.<id>.settings`.
    public var settings: [Setting]
    /// What it may reach beyond its data folder (``Capabilities``); none unless `plugin.json` declares some.
    public var capabilities = Capabilities()

    /// A command: the words that select it, and its help.
    public struct Command: Encodable, Sendable, Equatable {
        /// E.g. `["hello", "greet"]`, or `["clock"]` for a top-level word.
        public var words: [String]
        /// One line for listings.
        public var summary: String
        /// Its arguments, options and flags: what the host parses before the plugin is loaded.
        public var spec: CommandSpec

        /// Creates a command description.
        public init(words: [String], summary: String, spec: CommandSpec = CommandSpec()) {
            self.words = words
            self.summary = summary
            self.spec = spec
        }

        /// The usage line, generated from ``spec``: `strata movies search QUERY... [--page N] [--json]`.
        public var usage: String { spec.usage(path: words) }

        private enum CodingKeys: String, CodingKey { case words, summary, arguments, options, flags }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(words, forKey: .words)
            try container.encode(summary, forKey: .summary)
            if !spec.arguments.isEmpty { try container.encode(spec.arguments, forKey: .arguments) }
            if !spec.options.isEmpty { try container.encode(spec.options, forKey: .options) }
            if !spec.flags.isEmpty { try container.encode(spec.flags, forKey: .flags) }
        }
    }

    /// A screen the plugin contributes.
    public struct Screen: Encodable, Sendable, Equatable {
        /// The screen's title.
        public var title: String
        /// One line on the home screen.
        public var summary: String
    }

    /// A setting under `features.<id>.settings`.
    public struct Setting: Encodable, Sendable, Equatable {
        /// The JSON types a setting may have.
        public enum Kind: String, Encodable, Sendable, CaseIterable {
            case string, integer, number, boolean, array, object
        }

        /// The key.
        public var key: String
        /// The JSON type of its value.
        public var type: Kind
        /// The default as shown to people (`"catalog"`, `10`), if there is one.
        public var defaultValue: String?
        /// What it does.
        public var description: String
        /// Whether its value must never be shown (`config check`, `plugins info` redact it).
        public var secret: Bool
        /// The only values a `string` setting may have, when there is such a list.
        public var choices: [String]?
        /// The least value of an `integer` or `number` setting, if there is one.
        public var minimum: Double?
        /// The greatest value of an `integer` or `number` setting, if there is one.
        public var maximum: Double?
        /// What a `string` setting's text must be, where its type is not enough (``Format``).
        public var format: Format?

        /// What a `string` setting's text must be.
        public enum Format: String, Encodable, Sendable, CaseIterable {
            /// An `http` or `https` URL with a host (a server's address).
            case httpURL
            /// The name of an environment variable that may hold an API key (StrataBase's `APIKeyVariable`): the setting
            /// names where the key is, never the key itself.
            case apiKeyVariable
            /// An IANA time zone the system knows (`Europe/Berlin`, `UTC`), checked in ICU's zone database
            /// (FoundationInternationalization, opened for the check); where that can't be opened, any name passes.
            case timeZone
        }

        /// Creates a setting's declaration (the generated settings type of a plugin holds its own).
        public init(
            key: String, type: Kind, defaultValue: String? = nil, description: String, secret: Bool = false,
            choices: [String]? = nil, minimum: Double? = nil, maximum: Double? = nil, format: Format? = nil
        ) {
            self.key = key
            self.type = type
            self.defaultValue = defaultValue
            self.description = description
            self.secret = secret
            self.choices = choices
            self.minimum = minimum
            self.maximum = maximum
            self.format = format
        }

        private enum CodingKeys: String, CodingKey {
            case key, type, defaultValue = "default", description, secret, choices, minimum, maximum, format
        }
    }

    /// Creates a descriptor.
    public init(
        id: String, displayName: String, version: String, summary: String, abi: String = StrataABI.stampString,
        dependencies: [String: String] = [:], commands: [Command] = [], screens: [Screen] = [], settings: [Setting] = []
    ) {
        self.id = id
        self.displayName = displayName
        self.version = version
        self.summary = summary
        self.abi = abi
        self.dependencies = dependencies
        self.commands = commands
        self.screens = screens
        self.settings = settings
    }

    /// What is wrong with the descriptor's own content (past a limit, an invalid id or version, an empty
    /// command, a dependency range that doesn't parse), as sentences; empty when it is sound.
    public var problems: [String] {
        // Past a limit nothing else is checked: the checks below are sized for a descriptor within them.
        if let beyond = limitProblem { return [beyond] }
        var problems: [String] = []
        if !Self.isValidID(id) { problems.append("id '\(id)' must be lowercase letters, digits and '-', starting with a letter") }
        if SemanticVersion(version) == nil { problems.append("version '\(version)' is not MAJOR.MINOR.PATCH") }
        for (dependency, range) in dependencies.sorted(by: { $0.key < $1.key }) {
            if VersionRange(range) == nil { problems.append("dependency '\(dependency)': '\(range)' is not a version range like \">=1.0.0 <2.0.0\"") }
        }
        for command in commands where command.words.isEmpty || command.words.contains(where: { $0.isEmpty || $0.hasPrefix("-") || $0.contains(" ") }) {
            problems.append("command \(command.words) needs one or more words, none empty or starting with '-'")
        }
        var paths: Set<[String]> = []
        for command in commands where !paths.insert(command.words).inserted {
            problems.append("command '\(command.words.joined(separator: " "))' is declared twice")
        }
        problems += capabilities.problems
        var keys: Set<String> = []
        for setting in settings where !keys.insert(setting.key).inserted {
            problems.append("setting '\(setting.key)' is declared twice")
        }
        problems += settings.compactMap { setting in setting.declarationProblem.map { "setting '\(setting.key)': \($0)" } }
        return problems
    }

    /// The declared command that the longest prefix of `words` selects (`["blocks", "list", "--json"]` →
    /// `blocks list`), as strata routes a command line; `nil` if none does.
    public func command(for words: [String]) -> Command? {
        commands.filter { words.starts(with: $0.words) }.max { $0.words.count < $1.words.count }
    }

    /// Whether `id` is a valid plugin id: lowercase ASCII letters, digits and `-`, starting with a letter.
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
