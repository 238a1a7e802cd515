import Foundation
import Testing

/// Each plugin that ships with strata, copied alone (just its `.so`, as a user drops a plugin in) into a
/// fresh plugin folder, loads and runs a command there, inside strata and in a sandboxed helper. Its library
/// may need only what strata has already loaded: a library it names but strata doesn't load (Movies and Gpt
/// named `libStrataURLSession.so`, which they never used) is not found beside the copy, and the plugin
/// doesn't load at all ("not a loadable library: libStrataURLSession.so: cannot open shared object file").
@Suite struct BuiltInDropInProcessTests {
    /// A command of each built-in plugin that needs neither the network nor a file of the user's.
    static let commands: [(library: String, words: [String])] = [
        ("Blocks", ["blocks", "list", "--json"]), ("Gpt", ["gpt", "usage", "--json"]),
        ("Movies", ["movies", "recent", "--json"]), ("Running", ["running", "history", "--json"]),
    ]

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aBuiltInPluginCopiedAloneIntoAPluginFolderRuns(_ isolation: Isolation) throws {
        for (library, words) in Self.commands {
            let id = words[0], sandbox = try Sandbox()
            let copy = sandbox.plugins.appendingPathComponent("lib\(library)Plugin.so")
            try FileManager.default.copyItem(at: BuildProducts.directory.appendingPathComponent(copy.lastPathComponent), to: copy)
            try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"\#(id)": {"isolation": "\#(isolation.rawValue)"}}}"#)
            // A drop-in that reaches beyond its data folder runs sandboxed once its user allowed it, as anyone's.
            let allowed = try sandbox.strata(["plugins", "allow", id, "--yes"])
            #expect(allowed.status == 0, "\(id): \(allowed.stdout) \(allowed.stderr)")

            let run = try sandbox.strata(["-v"] + words)
            #expect(run.status == 0 && !run.signalled, "\(words) (\(isolation)): \(run.stderr)")
            #expect(!run.stdout.isEmpty && run.stdout.first.map("[{".contains) == true, "\(words) (\(isolation)): \(run.stdout)")
            #expect(!run.stderr.contains("not a loadable library"), "\(words) (\(isolation)): \(run.stderr)")
            let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
            #expect(rows[id]?.path == copy.path, "the copy ran, not the build folder's library: \(rows[id]?.path ?? "not listed")")
        }
    }
}
