internal import FoundationEssentials
import StrataBase

/// A command-line command a plugin contributes: `strata <path…> [arguments]`.
///
/// What it takes, its summary and its usage are in the plugin's descriptor (``CommandSpec``), where the
/// host reads them before loading the plugin; the code gives the body. A plugin contributes its commands by
/// their generated types (``DeclaredCommand``, ``PluginCommands``), which make these:
///
/// ```swift
/// try context.addCommand(HelloGreetCommand.self) { command, invocation in
///     invocation.writeLine("Hello, \(command.arguments.text)!")
/// }
/// ```
public struct PluginCommand: Sendable {
    /// The words that select it, e.g. `["hello", "greet"]`, or `["clock"]` for a top-level command.
    /// A plugin's commands normally start with its id; a plugin may claim other top-level words, and the
    /// first plugin to claim a path keeps it. The descriptor must declare the same path.
    public let path: [String]
    /// Runs the command on its arguments, parsed and checked against the descriptor's ``CommandSpec``.
    /// Returning means success (exit 0). The host owns the exit codes of a throw: ``CommandError/usage(_:)``
    /// exits 2 with one `<plugin>: message` line and the usage line; ``CommandError/failure(_:)`` or any
    /// other error exits 1 with one `<plugin>: message` line; ``CommandError/interrupted(_:)`` exits 130 with
    /// one line; ``CommandError/exit(_:)`` exits quietly.
    public let run: @Sendable (CommandArguments, CommandInvocation) async throws -> Void

    /// Creates a command.
    public init(path: [String], run: @escaping @Sendable (CommandArguments, CommandInvocation) async throws -> Void) {
        self.path = path
        self.run = run
    }

    /// Runs the command and answers its exit code, reporting a thrown error as the host does: one line
    /// `<pluginID>: message` on standard error, then `Usage: <usage>` after a usage error.
    public func execute(_ arguments: CommandArguments, pluginID: String, usage: String, invocation: CommandInvocation) async -> Int32 {
        do {
            try await run(arguments, invocation)
            return 0
        } catch {
            return Self.report(error, pluginID: pluginID, usage: usage, to: invocation)
        }
    }

    /// Writes `error` for people, the one way every command's errors look, and answers its exit code.
    public static func report(_ error: any Error, pluginID: String, usage: String, to invocation: CommandInvocation) -> Int32 {
        let command = error as? CommandError ?? .failure((error as? EncodingError)?.answerProblem ?? String(describing: error))
        if case .exit(let code) = command { return code }
        invocation.writeError("\(pluginID): \(command.description)")
        if case .usage = command { invocation.writeError("Usage: \(usage)") }
        return command.exitCode
    }
}

/// One run of a command: its arguments and where its output goes.
///
/// Everything written through it is safe for a terminal: text has its escape sequences and control
/// characters removed (``Sanitizer/sanitizeLines(_:)``; line feeds and tabs stay), and JSON escapes them
/// instead. Titles, replies, file names and server messages can be written as they came. A plugin that
/// writes to standard output any other way (`print`, `FileHandle`) gets none of this and must sanitize
/// itself; don't.
public struct CommandInvocation: Sendable {
    /// The arguments after the command's path.
    public let arguments: [String]
    /// The process environment.
    public let environment: [String: String]
    /// Whether standard output is a terminal (so colour and live updates make sense).
    public let isTerminal: Bool
    private let standardOutput: @Sendable (String) -> Void
    private let standardError: @Sendable (String) -> Void

    /// Creates an invocation; tests pass closures that collect the output.
    public init(
        arguments: [String], environment: [String: String] = [:], isTerminal: Bool = false,
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        self.arguments = arguments
        self.environment = environment
        self.isTerminal = isTerminal
        self.standardOutput = output
        self.standardError = error
    }

    /// Writes sanitized text to standard output (add your own newline).
    public func write(_ text: String) { standardOutput(Sanitizer.sanitizeLines(text)) }
    /// Writes a sanitized line to standard output.
    public func writeLine(_ text: String = "") { standardOutput(Sanitizer.sanitizeLines(text) + "\n") }
    /// Writes a sanitized line to standard error.
    public func writeError(_ text: String) {
        let clean = Sanitizer.sanitizeLines(text)
        standardError(clean.hasSuffix("\n") ? clean : clean + "\n")
    }

    /// Shows `text` as a status line that updates in place: on a terminal it replaces the current line
    /// (carriage return, the sanitized text on one line, erase to the end of the line); elsewhere it is
    /// written as a line of its own. End a run of updates with `writeLine()`.
    public func updateStatusLine(_ text: String) {
        if isTerminal {
            standardOutput("\r" + Sanitizer.sanitize(text) + "\u{1B}[K")
        } else {
            standardOutput(Sanitizer.sanitize(text) + "\n")
        }
    }

    /// Rings the terminal's bell (BEL) when standard output is a terminal; nothing otherwise.
    public func bell() {
        if isTerminal { standardOutput("\u{07}") }
    }

    /// Writes `value` as pretty-printed JSON with sorted keys and a final newline; control characters in its
    /// strings are escaped (``Sanitizer/escapingJSON(_:)``). A `Date` is written in ISO 8601
    /// (`"2027-01-15T08:00:00Z"`), as people and other programs read it, not as `JSONEncoder`'s default,
    /// seconds since 2001; `Data` is base64. For another shape, encode that field yourself (a `String`).
    /// - Throws: `EncodingError` if the value doesn't encode (a number that isn't finite): thrown out of the
    ///   command, it is reported as ``EncodingError/answerProblem`` says.
    public func writeJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        standardOutput(Sanitizer.escapingJSON(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n")
    }
}
