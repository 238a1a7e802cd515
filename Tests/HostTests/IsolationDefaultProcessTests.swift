import Foundation
import Testing

/// Where a plugin runs when the config doesn't say: the four that ship with strata (beside the built
/// `strata`) inside it, every other (a drop-in, one installed with `plugins install`) in a sandboxed helper;
/// and a plugin that uses another's Swift types is refused, with what to do, when either runs in a helper.
@Suite struct IsolationDefaultProcessTests {
    /// Hostile dropped into a plugin folder, with no `isolation` in the config (or the one given).
    func hostile(isolation: String? = nil) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        let feature = isolation.map { #", "features": {"hostile": {"isolation": "\#($0)"}}"# } ?? ""
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]\#(feature)}"#)
        try Data("id_rsa".utf8).write(to: sandbox.root.appendingPathComponent("secret.txt"))
        return sandbox
    }

    func isolation(_ sandbox: Sandbox) throws -> [String: String] {
        let list = try sandbox.strata(["plugins", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stderr)")
        return Dictionary(rows.compactMap { row in (row["id"] as? String).map { ($0, row["isolation"] as? String ?? "-") } }) { first, _ in first }
    }

    /// Before, a drop-in ran inside strata unless the config said otherwise: the read got through (`ok:`).
    @Test func aDropInRunsInASandboxedHelperByDefault() throws {
        let sandbox = try hostile()
        let secret = sandbox.root.appendingPathComponent("secret.txt").path
        let read = try sandbox.strata(["hostile", "read", secret])
        #expect(read.status == 1 && !read.stdout.contains("ok: ") && read.stderr.contains("denied: open"), "\(read.stdout) \(read.stderr)")
        #expect(try sandbox.strata(["hostile", "echo", "works"]).stdout == "ok: works\n", "its commands work in the helper")
        #expect(try isolation(sandbox)["hostile"] == "process")
        let info = try sandbox.strata(["plugins", "info", "hostile"])
        #expect(info.stdout.contains(
            "Runs in a sandboxed helper process that can reach only the above (\"isolation\": \"process\"). "
                + "That is the default for a plugin that doesn't ship with strata."), "\(info.stdout)")
        #expect(info.stdout.contains("  Connects to: 127.0.0.1 (every port). And where you say: it connects to the ADDRESS you give strata hostile connect-typed.\n"),
                "an address a command takes is part of what it reaches: \(info.stdout)")
        #expect(try decodeRows(try sandbox.strata(["plugins", "check", "--json"]).stdout)["hostile"]?.state == "loaded", "checked in its helper")
    }

    /// `-v` says where the command's plugin ran, and why (before: the config and the folders alone).
    @Test func verboseSaysWhereThePluginRan() throws {
        let helper = try hostile().strata(["-v", "hostile", "echo", "works"])
        #expect(helper.stdout == "ok: works\n")
        #expect(helper.stderr.contains("hostile runs in a sandboxed helper process: the default for a plugin that doesn't ship with strata"),
                "\(helper.stderr)")
        let inside = try hostile(isolation: "none").strata(["-v", "hostile", "echo", "works"])
        #expect(inside.stderr.contains("hostile runs inside strata: \"isolation\": \"none\" under features.hostile in "), "\(inside.stderr)")
    }

    /// `plugins check` starts each drop-in's helper, which opens it, instead of loading it in a probe: each
    /// fault gets its own state and line, and nothing else opens them in strata (`di list` survives the
    /// trapping one). Before, the check reported every isolated plugin "failed: it runs in a helper
    /// process", so `plugins check` failed wherever a drop-in was installed; and a hang in a helper's load
    /// was never bounded.
    @Test(.timeLimit(.minutes(10))) func pluginsCheckOpensEachDropInInItsHelper() throws {
        let sandbox = try Sandbox()
        for (fixture, name) in [("Healthy", "Healthy"), ("ThrowsAtRegistration", "Throws"), ("TrapsAtLoad", "Traps"), ("HangsAtLoad", "Hangs")] {
            try sandbox.install(fixture: fixture, as: name)
        }
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        let check = try sandbox.strata(["plugins", "check", "--json"])
        #expect(check.status == 1 && !check.signalled)
        let rows = try decodeRows(check.stdout)
        #expect(rows["healthy"]?.state == "loaded")
        #expect(rows["throws"]?.state == "failed" && rows["throws"]?.error?.hasPrefix("feature 'throws' failed to load in its helper: registration failed") == true)
        #expect(rows["traps"]?.state == "crashed" && rows["traps"]?.error?.hasPrefix("plugin traps's helper crashed (SIG") == true, "\(rows["traps"]?.error ?? "")")
        #expect(rows["hangs"]?.state == "timed out")
        #expect(rows["hangs"]?.error == "plugin hangs's helper did not finish loading the plugin within 10 s, so strata stopped it")
        let registered = try sandbox.strata(["di", "list"])
        #expect(registered.status == 0 && !registered.signalled, "no drop-in was opened in strata: \(registered.stderr)")
        #expect(try sandbox.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n")
    }

    /// `"isolation": "none"` still runs a drop-in inside strata, with all of the user's rights.
    @Test func isolationNoneOptsADropInBackIntoStrata() throws {
        let sandbox = try hostile(isolation: "none")
        #expect(try sandbox.strata(["hostile", "read", sandbox.root.appendingPathComponent("secret.txt").path]).stdout.hasPrefix("ok: "))
        #expect(try isolation(sandbox)["hostile"] == "none")
    }

    /// The four features beside the built `strata` run inside it; the same library copied into a plugin
    /// folder is a drop-in like any other.
    @Test func theFeaturesThatShipWithStrataRunInsideIt() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")
        #expect(try isolation(sandbox).filter { ["movies", "gpt", "running", "blocks"].contains($0.key) }
                == ["movies": "none", "gpt": "none", "running": "none", "blocks": "none"])
        #expect(try sandbox.strata(["plugins", "info", "blocks"]).stdout.contains("It ships with strata."))
        try FileManager.default.copyItem(
            at: BuildProducts.directory.appendingPathComponent("libBlocksPlugin.so"), to: sandbox.plugins.appendingPathComponent("libBlocksPlugin.so"))
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]}"#)
        #expect(try isolation(sandbox)["blocks"] == "process")
    }

    /// Healthy exports a string; `duplicate` (DuplicateRegistration) names healthy in its `dependencies`.
    /// With healthy in a helper (the default), duplicate in strata can't have its types: it is refused
    /// before its library is opened, saying why and what to do. Before, it was opened and failed on
    /// healthy's refusal to open in strata ("which failed: it runs in a helper process").
    @Test func aPluginInStrataCantUseTypesOfOneInAHelper() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "DuplicateRegistration", as: "Duplicate")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"duplicate": {"isolation": "none"}}}"#)
        let rows = try decodeRows(try sandbox.strata(["plugins", "check", "--json"]).stdout)
        #expect(rows["duplicate"]?.error?.hasPrefix(
            "plugin duplicate uses healthy's Swift types (\"dependencies\" in its plugin.json), but healthy runs in a helper process "
                + "(the default for a plugin that doesn't ship with strata") == true, "\(rows["duplicate"]?.error ?? "no error")")
        #expect(rows["duplicate"]?.error?.contains(
            "To use them, set \"isolation\": \"none\" under features.duplicate and features.healthy in \(sandbox.config.path)") == true)
        #expect(rows["duplicate"]?.mapped != true, "never opened")
        #expect(try sandbox.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n", "healthy itself works in its helper")

        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"duplicate": {"isolation": "none"}, "healthy": {"isolation": "none"}}}"#)
        let both = try decodeRows(try sandbox.strata(["plugins", "check", "--json"]).stdout)
        #expect(both["duplicate"]?.error?.contains("Swift types") == false, "both in strata: linked as before: \(both["duplicate"]?.error ?? "")")
    }
}
