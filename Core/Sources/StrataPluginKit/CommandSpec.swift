/// What a command takes: its positional arguments, its options (each with a typed value) and its flags,
/// each with a line of help (swift-argument-parser's declarations, written as data).
///
/// A plugin declares it in its descriptor (`plugin.json`), so the host parses a command line, reports bad
/// input and prints `--help` before any of the plugin's code is loaded; the command's code gets the
/// parsed ``CommandArguments``. Usage lines and help are generated from it, so they can't drift from the
/// parsing. The host's own commands use the same type.
///
/// ```json
/// {"words": ["films", "search"], "summary": "Search films by title, 20 a page",
///  "arguments": [{"name": "QUERY", "help": "words of the title", "repeats": true}],
///  "options": [{"name": "--page", "value": "N", "type": "integer", "help": "the page to show, from 1"}],
///  "flags": [{"name": "--json", "help": "print JSON"}]}
/// ```
public struct CommandSpec: Sendable, Equatable, Encodable {
    /// A positional argument.
    public struct Argument: Sendable, Equatable, Encodable {
        /// Its name in usage, e.g. `QUERY`.
        public var name: String
        public var help: String
        /// Whether it may be left out (then every argument after it may be too).
        public var optional: Bool
        /// Whether it takes every remaining word (the last argument only).
        public var repeats: Bool
        /// When set, the argument is a file's path, as an option's ``Option/fileExtensions`` says: shell
        /// completion offers these files, and a sandboxed helper gets the file the user named (`"fileExtensions"`
        /// in `plugin.json`, optional).
        public var fileExtensions: [String]?
        /// When set, the argument is a `HOST:PORT` the command listens on or connects to (`"endpoint"` in
        /// `plugin.json`, optional): a plugin in a sandboxed helper gets its socket for that address, and
        /// no other, from strata (``CommandSpec/Endpoint``).
        public var endpoint: Endpoint?

        public init(_ name: String, help: String, optional: Bool = false, repeats: Bool = false) {
            self.name = name
            self.help = help
            self.optional = optional
            self.repeats = repeats
        }

        /// An argument that is a file's path, with the extensions shell completion offers (`["gpx"]`).
        public init(_ name: String, help: String, optional: Bool = false, repeats: Bool = false, fileExtensions: [String]) {
            self.init(name, help: help, optional: optional, repeats: repeats)
            self.fileExtensions = fileExtensions
        }

        /// An argument that is a `HOST:PORT` the command listens on or connects to.
        public init(_ name: String, help: String, optional: Bool = false, repeats: Bool = false, endpoint: Endpoint) {
            self.init(name, help: help, optional: optional, repeats: repeats)
            self.endpoint = endpoint
        }

        /// As usage and help show it: `QUERY...` when it repeats.
        var shown: String { name + (repeats ? "..." : "") }
    }

    /// What a command does with a `HOST:PORT` the user gives it: a plugin in a sandboxed helper may open no
    /// TCP socket, so strata opens the one for that address, with the user's authority, when the plugin asks
    /// (`TCPSockets` in StrataNetworking); any other address stays closed to it.
    public enum Endpoint: String, Sendable, Equatable, Encodable, CaseIterable {
        /// The command takes connections there (`--listen 0.0.0.0:7400`).
        case listen
        /// The command connects there, again after a drop (`join 10.0.0.5:7400`).
        case connect
    }

    /// The type of an option's value, checked when the command line is parsed.
    public enum ValueType: String, Sendable, Equatable, Encodable, CaseIterable {
        case text, integer, number
    }

    /// An option with a value: `--page 2` or `--page=2`.
    public struct Option: Sendable, Equatable, Encodable {
        /// E.g. `--page`.
        public var name: String
        /// The value's name in usage, e.g. `N`.
        public var value: String
        public var help: String
        public var type: ValueType
        /// The only values allowed, when there is such a list.
        public var choices: [String]
        /// Whether the command can't run without it.
        public var required: Bool
        /// When set, the value is a file's path, and shell completion offers the files with these extensions
        /// (`["gpx"]`) and folders; a plugin run in a sandboxed helper gets the file the user named, opened by
        /// strata (an empty list: any file). Optional in `plugin.json` (`"fileExtensions"`); without it a value
        /// named `FILE` or `PATH` completes any file, and `DIR` a folder.
        public var fileExtensions: [String]?
        /// `true` when the value is the path of a file the command writes (an output), not one it reads
        /// (`"writes"` in `plugin.json`, optional): a plugin in a sandboxed helper may write it only inside
        /// its own folders, and strata says so before the command runs.
        public var writes: Bool?
        /// When set, the value is a `HOST:PORT` the command listens on or connects to (`"endpoint"` in
        /// `plugin.json`, optional), as an argument's ``Argument/endpoint`` says.
        public var endpoint: Endpoint?
        /// The least value of an `integer` or `number` option, if there is one (`"minimum"` in `plugin.json`).
        public var minimum: Double?
        /// The greatest value of an `integer` or `number` option, if there is one (`"maximum"`).
        public var maximum: Double?

        public init(
            _ name: String, value: String, help: String, type: ValueType = .text, choices: [String] = [],
            required: Bool = false, fileExtensions: [String]? = nil, minimum: Double? = nil, maximum: Double? = nil
        ) {
            self.minimum = minimum
            self.maximum = maximum
            self.name = name
            self.value = value
            self.help = help
            self.type = type
            self.choices = choices
            self.required = required
            self.fileExtensions = fileExtensions
        }

        /// An option whose value is a file the command writes (`writes: true`) or reads (`false`).
        public init(
            _ name: String, value: String, help: String, type: ValueType = .text, choices: [String] = [],
            required: Bool = false, fileExtensions: [String]? = nil, writes: Bool, minimum: Double? = nil, maximum: Double? = nil
        ) {
            self.init(
                name, value: value, help: help, type: type, choices: choices, required: required, fileExtensions: fileExtensions,
                minimum: minimum, maximum: maximum)
            self.writes = writes
        }

        /// An option whose value is a `HOST:PORT` the command listens on or connects to.
        public init(
            _ name: String, value: String, help: String, type: ValueType = .text, choices: [String] = [], required: Bool = false,
            endpoint: Endpoint, minimum: Double? = nil, maximum: Double? = nil
        ) {
            self.init(name, value: value, help: help, type: type, choices: choices, required: required, minimum: minimum, maximum: maximum)
            self.endpoint = endpoint
        }

        /// As usage and help show it: `--page N`, or `--mode race|team` with its choices.
        var shown: String { "\(name) \(choices.isEmpty ? value : choices.joined(separator: "|"))" }
    }

    /// A flag without a value, e.g. `--json`.
    public struct Flag: Sendable, Equatable, Encodable {
        public var name: String
        public var help: String

        public init(_ name: String, help: String) {
            self.name = name
            self.help = help
        }
    }

    public var arguments: [Argument]
    public var options: [Option]
    public var flags: [Flag]

    public init(arguments: [Argument] = [], options: [Option] = [], flags: [Flag] = []) {
        self.arguments = arguments
        self.options = options
        self.flags = flags
    }

    /// What is wrong with the declaration itself (checked when the descriptor is built and read), or nil.
    public var problem: String? {
        let names = options.map(\.name) + flags.map(\.name)
        if let bad = names.first(where: { !$0.hasPrefix("--") || $0.count < 3 || $0.contains("=") }) {
            return "'\(bad)' is not an option name: options and flags start with -- (e.g. --json)"
        }
        var seen: Set<String> = []
        if let twice = names.first(where: { !seen.insert($0).inserted }) {
            return "\(twice) is declared twice"
        }
        if let repeating = arguments.dropLast().first(where: \.repeats) {
            return "only the last argument may repeat, not \(repeating.name)"
        }
        if let index = arguments.firstIndex(where: \.optional), arguments[index...].contains(where: { !$0.optional }) {
            return "a required argument can't follow the optional \(arguments[index].name)"
        }
        let endpoints =
            arguments.filter { $0.endpoint != nil && $0.fileExtensions != nil }.map(\.name)
            + options.filter { $0.endpoint != nil && ($0.fileExtensions != nil || $0.writes != nil) }.map(\.name)
        if let both = endpoints.first { return "\(both): a value is a file or an endpoint (HOST:PORT), not both" }
        for option in options where option.minimum != nil || option.maximum != nil {
            guard option.type != .text else { return "\(option.name): minimum and maximum are for integer and number options" }
            if let problem = DeclaredRange(minimum: option.minimum, maximum: option.maximum).problem(whole: option.type == .integer) {
                return "\(option.name): \(problem)"
            }
        }
        return nil
    }

    /// The usage line: `strata movies search QUERY... [--page N] [--json]`.
    public func usage(path: [String]) -> String {
        var parts = ["strata"] + path
        parts += arguments.map { $0.optional ? "[\($0.shown)]" : $0.shown }
        parts += options.map { $0.required ? $0.shown : "[\($0.shown)]" }
        parts += flags.map { "[\($0.name)]" }
        return parts.joined(separator: " ")
    }

    /// `--help`: the summary, the usage line, then each argument, option and flag with its help.
    public func help(path: [String], summary: String) -> String {
        var rows: [(String, String)] = []
        rows += arguments.map { ($0.shown, $0.help + ($0.optional ? " (optional)" : "")) }
        rows += options.map { ($0.shown, $0.help + ($0.required ? " (required)" : "")) }
        rows += flags.map { ($0.name, $0.help) }
        let width = rows.map(\.0.count).max() ?? 0
        let table = rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 3) + $0.1 }
        return ([summary, "", "Usage: " + usage(path: path)] + (table.isEmpty ? [] : [""] + table)).joined(separator: "\n") + "\n"
    }

    /// Parses the words after the command's path.
    /// - Throws: ``CommandError/usage(_:)`` naming what is wrong: an unknown option, a missing value or
    ///   argument, one argument too many, a value of the wrong type or not among the choices.
    public func parse(_ words: [String]) throws(CommandError) -> CommandArguments {
        let parsed = try CommandArguments(
            words, options: Set(options.map(\.name)), flags: Set(flags.map(\.name)),
            takesPositionals: !arguments.isEmpty)
        let required = arguments.filter { !$0.optional }
        if parsed.positionals.count < required.count {
            throw .usage("missing \(required[parsed.positionals.count].name)")
        }
        if parsed.positionals.count > arguments.count, arguments.last?.repeats != true {
            throw .usage("unexpected argument '\(parsed.positionals[arguments.count])'")
        }
        for option in options {
            // A required option given as "" is as missing as one left out.
            guard let value = parsed.value(option.name), !(option.required && value.isEmpty) else {
                if option.required { throw .usage("missing \(option.name) \(option.value)") }
                continue
            }
            if !option.choices.isEmpty, !option.choices.contains(value) {
                throw .usage("\(option.name) takes one of \(option.choices.joined(separator: ", ")), not \"\(value)\"")
            }
            switch option.type {
            case .text: break
            case .integer where Int(value) == nil:
                throw .usage("\(option.name) takes a whole number, not \"\(value)\"")
            case .number where Double(value).map { !$0.isFinite } ?? true:
                throw .usage("\(option.name) takes a number, not \"\(value)\"")
            case .integer, .number:
                let range = DeclaredRange(minimum: option.minimum, maximum: option.maximum)
                if let number = Double(value), !range.contains(number) {
                    let kind = option.type == .integer ? "a whole number" : "a number"
                    let within = (option.minimum != nil && option.maximum != nil ? "from " : "of ") + range.text
                    throw .usage("\(option.name) takes \(kind) \(within), not \"\(value)\"")
                }
            }
        }
        return parsed
    }
}
