import StrataPluginKit
import Testing

@testable import StrataHost

/// Each host command is a type (the one generated from its declaration), given its code; strata looks it up by
/// the command's words, where a switch over them stood, and a command's failure is thrown as its exit status.
@Suite struct HostCommandCodeTests {
    /// Every command `commands.json` declares has code, but the two that run before the pipeline: a command
    /// declared and not given code would print "has no code in this build" and exit 70.
    @Test func everyDeclaredCommandHasCode() {
        let declared = Set(HostCommand.all.map(\.words)), coded = HostCommand.codes.map { $0.words }
        #expect(declared.subtracting(coded) == [["dev"], ["plugins", "new"]])
        #expect(Set(coded).isSubset(of: declared))
        #expect(Set(coded).count == coded.count, "a command given code twice")
        for code in HostCommand.codes {
            let found = HostCommand.code(for: code.words).map { ObjectIdentifier($0) }
            #expect(found == ObjectIdentifier(code), "\(code.words)")
        }
    }

    /// A usage error, 2; a command that couldn't do what was asked, 1; done, 0.
    @Test func aThrownExitIsTheStatus() throws {
        #expect(throws: CommandExit.usage) { try ShellScript.print("tcsh") }
        #expect(throws: CommandExit.failure) { try CommandExit.unless(false) }
        #expect(CommandExit.usage.status == 2 && CommandExit.failure.status == 1 && CommandExit.noCode.status == 70)
    }
}
