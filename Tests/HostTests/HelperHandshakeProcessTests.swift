import Foundation
import StrataTesting
import Testing

/// strata and a helper of another wire version (issue #46): the Hostile fixture, once loaded in its helper,
/// takes the wire over and answers strata's handshake as that helper would (`wire-6`, `wire-7`, `wire-8`, `wire-10-11` in its
/// data folder).
@Suite struct HelperHandshakeProcessTests {
    /// A helper of version 6, the previous one, whose hello carries no range: strata speaks 6 with it, and the
    /// command runs.
    @Test func strataStillSpeaksThePreviousVersionWithAnOlderHelper() throws {
        let hostile = try IsolationProcessTests.Hostile(.process)
        try SandboxEscapeProcessTests.leave("wire-6", in: hostile.sandbox)
        let result = try hostile.run("echo", "hi")
        #expect(result.status == 0 && result.stdout == "a helper of wire version 6 ran it\n", "\(result.stdout) \(result.stderr)")
    }

    /// A helper of version 7, which answers the handshake at once (it reads the config strata wrote for it and
    /// asks for no plugin record): strata speaks 7 with it, and the command runs.
    @Test func strataStillSpeaksVersion7WithAHelperOfVersion7() throws {
        let hostile = try IsolationProcessTests.Hostile(.process)
        try SandboxEscapeProcessTests.leave("wire-7", in: hostile.sandbox)
        let result = try hostile.run("echo", "hi")
        #expect(result.status == 0 && result.stdout == "a helper of wire version 7 ran it\n", "\(result.stdout) \(result.stderr)")
    }

    /// A helper of version 8, the one before strata routed and parsed a command line for its helper: strata
    /// speaks 8 with it and sends the words alone (a flags byte it reads: the mock says it can't read one with
    /// version 9's route, exit 2), and the command runs.
    @Test func strataStillSendsTheWordsAloneToAHelperOfVersion8() throws {
        let hostile = try IsolationProcessTests.Hostile(.process)
        try SandboxEscapeProcessTests.leave("wire-8", in: hostile.sandbox)
        let result = try hostile.run("echo", "hi")
        #expect(result.status == 0 && result.stdout == "a helper of wire version 8 ran it\n", "\(result.stdout) \(result.stderr)")
    }

    /// A helper that speaks versions 10 to 11 only is refused before any command, in a sentence naming both.
    @Test func aHelperWithNoVersionInCommonIsRefusedNamingBoth() throws {
        let hostile = try IsolationProcessTests.Hostile(.process)
        try SandboxEscapeProcessTests.leave("wire-10-11", in: hostile.sandbox)
        let result = try hostile.run("echo", "hi")
        #expect(result.status != 0 && !result.stdout.contains("ran it"), "\(result.stdout)")
        #expect(result.stderr.contains("plugin hostile's helper speaks wire versions 10 to 11 and this strata speaks versions 6 to 9"), "\(result.stderr)")
        #expect(result.stderr.contains("no version in common") && result.stderr.contains("Start strata again, or reinstall it"), "\(result.stderr)")
    }
}
