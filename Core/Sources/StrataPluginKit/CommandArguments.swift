import StrataBase

/// A command's arguments split into options (`--page 2`, `--page=2`), flags (`--json`) and positionals.
/// Everything after `--` is positional.
public struct CommandArguments: Sendable, Equatable {
    /// The arguments that are neither options nor flags, in order.
    public private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments`.
    /// - Parameters:
    ///   - options: the names that take a value (`["--page"]`).
    ///   - flags: the names that take none (`["--json"]`).
    ///   - takesPositionals: whether the command takes positionals, so that an unknown option may be text
    ///     that starts with a dash: its error then says to put `--` before it.
    /// - Throws: `CommandError.usage` for an unknown option, or an option without its value.
    ///
    /// A word with a space before any `=` (`"-5 points on my exam"`) is text, never an option: no option's
    /// name has one.
    public init(
        _ arguments: [String], options optionNames: Set<String> = [], flags flagNames: Set<String> = [],
        takesPositionals: Bool = false
    ) throws(CommandError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals += remaining
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            guard argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil,
                !name.contains(where: \.isWhitespace)
            else {
                positionals.append(argument)
                continue
            }
            if flagNames.contains(name) && parts.count == 1 {
                flags.insert(name)
            } else if optionNames.contains(name) {
                let value: String
                if parts.count == 2 {
                    value = parts[1]
                } else if let next = remaining.popFirst() {
                    value = next
                } else {
                    throw .usage("\(name) needs a value")
                }
                options[name, default: []].append(value)
            } else {
                let known = (optionNames.union(flagNames)).sorted()
                let hint = takesPositionals ? ". Text that starts with a dash goes after --: -- \"\(argument)\"" : ""
                throw .usage("unknown option \(name)" + (known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))") + hint)
            }
        }
    }

    /// The arguments as a parse left them: what a host sends where the command runs (a plugin's helper)
    /// instead of the words, so that nothing is parsed twice.
    public init(positionals: [String], options: [String: [String]], flags: Set<String>) {
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }

    /// Every option given, with its values in order.
    public var givenOptions: [String: [String]] { options }
    /// Every flag given.
    public var givenFlags: Set<String> { flags }

    /// The last value given for `option`.
    public func value(_ option: String) -> String? { options[option]?.last }
    /// Every value given for `option`, in order.
    public func values(_ option: String) -> [String] { options[option] ?? [] }
    /// The last value of an `integer` option (``CommandSpec/ValueType``), already checked by the parse.
    public func integer(_ option: String) -> Int? { value(option).flatMap { Int($0) } }
    /// The last value of a `number` option, already checked by the parse.
    public func number(_ option: String) -> Double? { value(option).flatMap { Double($0) } }
    /// Whether `flag` was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The positionals joined by spaces as one printable line: free text a person typed (a title, a
    /// question, a search), without the escape sequences and control characters the shell let through, so
    /// that what is kept, sent and shown later is what the terminal showed.
    public var text: String { Sanitizer.sanitize(positionals.joined(separator: " ")) }
    /// The last value of a free-text option as one printable line, as ``text`` is.
    public func text(_ option: String) -> String? { value(option).map(Sanitizer.sanitize) }

    /// The positional at `index`.
    /// - Throws: `CommandError.usage("missing <name>")` if there is none.
    public func positional(_ index: Int, _ name: String) throws(CommandError) -> String {
        guard positionals.indices.contains(index) else { throw .usage("missing \(name)") }
        return positionals[index]
    }
}

/// A command failed in a way with a known exit code. The host prints it as one line, `<plugin>: message`
/// (and the usage line after a usage error); its words are the command's, written for people.
public enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The arguments were wrong: exit code 2, and the usage is shown.
    case usage(String)
    /// The command failed: exit code 1.
    case failure(String)
    /// The person stopped the command (Ctrl-C): exit code 130, as for SIGINT.
    case interrupted(String)
    /// The command ends with `code` and says nothing more: what it had to say is written (a run the mate
    /// cancelled, whose result was printed).
    case exit(Int32)

    /// The message shown to the user (empty for ``exit(_:)``).
    public var description: String {
        switch self {
        case .usage(let message), .failure(let message), .interrupted(let message): message
        case .exit: ""
        }
    }

    /// The process exit code for this error.
    public var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        case .interrupted: 130
        case .exit(let code): code
        }
    }
}
