import Foundation
import StrataTesting
import Testing

/// `strata movies` with Movies in a sandboxed helper (`"isolation": "process"`) and its offline catalog: no
/// network, its SQLite files in its own folder. It prints what it prints in process.
@Suite struct MoviesIsolatedProcessTests {
    func sandbox(isolation: String) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"movies": {"isolation": "\#(isolation)"}}}"#)
        return sandbox
    }

    @Test(.timeLimit(.minutes(2)))
    func searchAndRecentPrintWhatTheyPrintInProcess() throws {
        let (isolated, inProcess) = (try sandbox(isolation: "process"), try sandbox(isolation: "none"))
        for words in [["movies", "search", "alien"], ["movies", "search", "the", "--page", "2", "--json"], ["movies", "recent"], ["movies", "recent", "--json"]] {
            let (helper, strata) = (try isolated.strata(words), try inProcess.strata(words))
            #expect(helper.status == 0 && strata.status == 0, "\(words): \(helper.stderr)")
            #expect(helper.stdout == strata.stdout && !helper.stdout.isEmpty, "\(words): \(helper.stdout) vs \(strata.stdout)")
        }
        #expect(try isolated.strata(["movies", "recent"]).stdout.contains("alien"), "the helper saved the query in its own folder")
    }
}
