import StrataPluginKit
import Testing

@testable import StrataHost

/// Each host command is a type (the one generated from its declaration), given its code; strata looks it up by
/// the command's words, where a switch over them stood, and a command's failure is thrown as its exit status.
@Suite struct HostCommandCodeTests {
    /// Every command `commands.json` declares has code, but the two that run before the pipeline: a command
    /// declared and not given code would print "has no code in this build" and exit 70.
    @Test func everyDeclaredCommandHasCode() {
        let declared = Set(HostCommand.all.map(\.words))
        #expect(declared.subtracting(HostCommand.code.keys) == [["dev"], ["plugins", "new"]])
        #expect(Set(HostCommand.code.keys).isSubset(of: declared))
        for (words, code) in HostCommand.code { #expect(code.words == words) }
    }

    /// A usage error, 2; a command that couldn't do what was asked, 1; done, 0.
    @Test func aThrownExitIsTheStatus() throws {
        #expect(throws: CommandExit.usage) { try ShellScript.print("tcsh") }
        #expect(throws: CommandExit.failure) { try CommandExit.unless(false) }
        #expect(CommandExit.usage.status == 2 && CommandExit.failure.status == 1 && CommandExit.noCode.status == 70)
    }
}
