import StrataPluginKit

/// How a host command ends when it didn't do what was asked, after it has said why: the exit status
/// strata returns. A command that returns did it (exit 0).
struct CommandExit: Error, Equatable {
    let status: Int32

    /// It couldn't do it: a plugin unknown or not fit, a file that can't be read or written, a "no".
    static let failure = CommandExit(status: 1)
    /// The command line or the config was wrong.
    static let usage = CommandExit(status: 2)
    /// Declared in `commands.json`, but this build has no code for it (`EX_SOFTWARE`).
    static let noCode = CommandExit(status: 70)

    /// `.failure` unless `done`.
    static func unless(_ done: Bool) throws(CommandExit) {
        if !done { throw .failure }
    }
}

/// A host command's code: the type the build tool generates from its declaration in `commands.json` (its words
/// and typed arguments), given what it does, as swift-argument-parser's subcommands are.
protocol HostCommandCode: DeclaredCommand {
    func run(on runner: HostRunner) throws(CommandExit)
}
