import Testing
@testable import StrataHost

/// What `strata dev` hands the `strata` it runs, and the commands typed on its standard input.
@Suite struct DevLoopOptionsTests {
    /// The build under development keeps its data apart from the installed copy's (before, both wrote
    /// `~/.local/share/strata`: notes added while developing landed in the user's notes).
    @Test func theDevBuildHasADataFolderOfItsOwnUnlessOneIsChosen() {
        let environment = ["HOME": "/home/me"]
        #expect(DevLoop.childOptions(HostOptions(), environment: environment).dataDirectory == "/home/me/.local/share/strata-dev")
        #expect(DevLoop.childOptions(HostOptions(), environment: ["HOME": "/home/me", "XDG_DATA_HOME": "/data"]).dataDirectory == "/data/strata-dev")
        #expect(DevLoop.childOptions(HostOptions(), environment: environment).forwarded == ["--data-dir", "/home/me/.local/share/strata-dev"])
        #expect(DevLoop.childOptions(HostOptions(dataDirectory: "/tmp/mine"), environment: environment).dataDirectory == "/tmp/mine")
        #expect(DevLoop.childOptions(HostOptions(), environment: ["HOME": "/home/me", "STRATA_DATA_DIR": "/srv/d"]).dataDirectory == nil,
                "$STRATA_DATA_DIR, which the child reads, is the user's choice")
    }

    @Test func aTypedCommandIsSplitAsAShellSplitsIt() {
        #expect(DevLoop.words(ofLine: "notes add \"buy milk\" --tag 'at home'") == ["notes", "add", "buy milk", "--tag", "at home"])
        #expect(DevLoop.words(ofLine: "strata notes list") == ["notes", "list"])
        #expect(DevLoop.words(ofLine: #"notes add it\'s ''"#) == ["notes", "add", "it's", ""])
        #expect(DevLoop.words(ofLine: "   ") == [])
        #expect(DevLoop.words(ofLine: "notes add \"open") == nil)
    }
}
