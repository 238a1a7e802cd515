import Foundation
import Testing

/// A plugin that crashes strata takes down the one command that used it, once: the next runs skip it
/// and say so, until its file changes or `strata plugins retry`.
@Suite struct CrashContainmentProcessTests {
    @Test(.timeLimit(.minutes(10)))
    func aCrashIsRememberedSkippedAndRetriedOnRequestOrWhenTheFileChanges() throws {
        let sandbox = try Sandbox()
        let traps = try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("traps", "healthy"))}}"#)

        // `di list` activates every plugin: the trapping one takes this command down, once.
        let first = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(first.signalled)

        let list = try sandbox.strata(["plugins", "list", "--json"])
        #expect(list.status == 0)
        let rows = try decodeRows(list.stdout)
        #expect(rows["traps"]?.state == "crashed")
        #expect(rows["traps"]?.error?.contains("SIGILL") == true || rows["traps"]?.error?.contains("SIGTRAP") == true, "\(rows["traps"]?.error ?? "")")
        #expect(rows["traps"]?.error?.contains("strata plugins retry traps") == true)

        let again = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(again.status == 0 && !again.signalled, "the crashed plugin is skipped")
        #expect(again.stdout.contains("\"greeting\""))
        #expect(try sandbox.strata(["healthy", "ping"]).status == 0)

        let retry = try sandbox.strata(["plugins", "retry", "traps"])
        #expect(retry.status == 0 && retry.stdout.contains("Forgot that traps crashed"))
        #expect(try sandbox.strata(["di", "list"]).signalled, "after retry it is tried again")
        #expect(try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)["traps"]?.state == "crashed")

        // A new file (here: the same bytes written again, so its modification time changes) gets a new chance.
        let bytes = try Data(contentsOf: traps)
        try FileManager.default.removeItem(at: traps)
        try bytes.write(to: traps)
        chmod(traps.path, 0o755)
        #expect(try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)["traps"]?.state == "enabled")
    }

    /// Process-isolated, a plugin that traps while loading takes down its helper, never strata, and strata
    /// supervises the helper's deaths: each new helper tries the plugin again, and says why it died. (Before,
    /// the helper's own journal skipped it from then on, as "crashed strata", which `plugins retry` couldn't
    /// forget; and the reason was the stack trace's last frame.)
    @Test(.timeLimit(.minutes(10)))
    func aPluginThatCrashesItsHelperIsTriedAgainByTheNextHelper() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"traps": {"isolation": "process"}}}"#)
        for run in 1...2 {
            let rows = try decodeRows(try sandbox.strata(["plugins", "check", "--json"]).stdout)
            #expect(rows["traps"]?.state == "crashed", "run \(run): \(rows["traps"]?.error ?? "")")
            #expect(rows["traps"]?.error == "plugin traps's helper crashed (SIGILL (4)): Fatal error: fixture traps on purpose", "run \(run)")
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func retryOfAPluginThatNeverCrashedSaysSo() throws {
        let sandbox = try Sandbox.withHealthy()

        let retry = try sandbox.strata(["plugins", "retry", "healthy"])
        let unknown = try sandbox.strata(["plugins", "retry", "nope"])
        let missing = try sandbox.strata(["plugins", "retry"])

        #expect(retry.status == 0 && retry.stdout.contains("no crash on record"))
        #expect(unknown.status == 1 && unknown.stderr.contains("no plugin 'nope'"))
        #expect(missing.status == 2 && missing.stderr.contains("missing ID"))
    }
}
