import StrataBase

/// A command's command line as a type: generated from `plugin.json` by the descriptor build tool
/// (`StrataDescriptorPlugin`), one per declared command, named from its words (`running import` →
/// `RunningImportCommand`), with a typed property per argument, option and flag (`--mate-track` →
/// `mateTrack`). By the time the command's code has one, the host has checked everything declared
/// (required, choices, types, ranges), so the code reads values only:
///
/// ```swift
/// try context.addCommand(HelloGreetCommand.self) { command, invocation in
///     invocation.writeLine(command.shout ? "HELLO" : "hello")
/// }
/// ```
public protocol DeclaredCommand: Sendable {
    /// The words that select the command, as declared.
    static var words: [String] { get }
    /// The command line, from arguments the host parsed and checked against the declaration.
    init(_ arguments: CommandArguments)
    /// The parsed command line, for what the typed properties don't give: its free text
    /// (``CommandArguments/text``), the positionals joined and sanitized.
    var arguments: CommandArguments { get }
}

extension PluginContext {
    /// Contributes the declared command `Command` (a generated type); `run` gets its typed command line.
    /// Errors are reported as ``PluginCommand/run`` says; to put them in the plugin's words use
    /// ``PluginCommands``.
    /// - Throws: `CommandError.usage` if this plugin already contributed the command.
    public func addCommand<Command: DeclaredCommand>(
        _ type: Command.Type,
        run: @escaping @Sendable (Command, CommandInvocation) async throws -> Void
    ) throws(CommandError) {
        try addCommand(PluginCommand(path: Command.words) { arguments, invocation in try await run(Command(arguments), invocation) })
    }
}

/// How a plugin contributes its declared commands with its errors in its own words: the one place a
/// plugin says how an error of its rules becomes a command's error (a failure, exit 1, or a usage error,
/// exit 2), instead of a wrapper per plugin.
///
/// ```swift
/// let commands = PluginCommands(context) { error, words in .failure(HelloErrorText.text(error)) }
/// try commands.add(HelloGreetCommand.self) { command, invocation in … }
/// ```
public struct PluginCommands: Sendable {
    /// The plugin's context, to which the commands are contributed.
    public let context: PluginContext
    private let word: @Sendable (any Error, [String]) -> CommandError

    /// Commands contributed to `context`, whose errors other than `CommandError` `word` puts in the plugin's
    /// words; it gets the error and the words of the command that threw it.
    public init(_ context: PluginContext, errors word: @escaping @Sendable (_ error: any Error, _ words: [String]) -> CommandError) {
        self.context = context
        self.word = word
    }

    /// Contributes the declared command `Command`; `run` gets its typed command line, and what it throws is
    /// worded as ``init(_:errors:)`` says (a `CommandError` passes as it is).
    /// - Throws: `CommandError.usage` if this plugin already contributed the command.
    public func add<Command: DeclaredCommand>(
        _ type: Command.Type,
        run: @escaping @Sendable (Command, CommandInvocation) async throws -> Void
    ) throws(CommandError) {
        let word = word
        try context.addCommand(
            PluginCommand(path: Command.words) { arguments, invocation in
                do {
                    try await run(Command(arguments), invocation)
                } catch let error as CommandError {
                    throw error
                } catch {
                    throw word(error, Command.words)
                }
            })
    }
}
