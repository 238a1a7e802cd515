import Foundation
import Testing

/// A disabled plugin's library is never opened, and its commands say so.
@Suite struct DisabledPluginTests {
    @Test func disabledLibraryIsNotMappedAndEnabledOneIs() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        // Both in process: only `enabled: false` keeps the trapping one out of strata (a helper would, too).
        try sandbox.writeConfig(
            #"{"pluginDirectories": ["plugins"], "features": {"traps": {"enabled": false, "isolation": "none"}, \#(Sandbox.inProcess("healthy"))}}"#)
        let result = try sandbox.strata(["plugins", "list", "--json"])
        #expect(result.status == 0)
        let rows = try decodeRows(result.stdout)
        #expect(rows["traps"]?.state == "disabled")
        #expect(rows["healthy"]?.state == "enabled")
        #expect(rows.values.allSatisfy { $0.mapped == false }, "listing opens no library")
        // `di list` activates every usable plugin: the disabled trapping one must not be among them.
        let all = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(all.status == 0 && !all.signalled, "a trapping plugin that is disabled must not run: \(all.stderr)")
        #expect(all.stdout.contains("\"greeting\""))
    }

    @Test func commandOfDisabledFeatureExplainsWhereItIsDisabled() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"enabled": false}}}"#)
        let result = try sandbox.strata(["healthy", "ping"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("feature 'healthy' is disabled in \(sandbox.config.path)"))
        #expect(result.stdout.isEmpty)
    }

    /// A plugin's registrations are private unless it exports them: `di list` shows what plugins may
    /// resolve, `--private` the rest.
    @Test func diListShowsTheSharedServicesAndPrivateOnesOnRequest() throws {
        let sandbox = try Sandbox.withHealthy()
        // healthy's registrations are strata's only in process (in a helper they never reach its container).
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("healthy"))}}"#)
        let shared = try sandbox.strata(["di", "list", "--json"])
        #expect(shared.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(shared.stdout.utf8)) as? [[String: Any]])
        #expect(rows.contains { $0["owner"] as? String == "host" && ($0["type"] as? String)?.contains("HTTPClient") == true })
        #expect(rows.allSatisfy { $0["exported"] as? Bool == true })
        #expect(!shared.stdout.contains("\"greeting\""), "healthy's greeting is its own")
        let everything = try sandbox.strata(["di", "list", "--private"])
        #expect(everything.stdout.contains("healthy") && everything.stdout.contains("greeting") && everything.stdout.contains("private"))
        let table = try sandbox.strata(["di", "list"])
        #expect(table.stdout.contains("of plugins not shown; --private shows them"), "\(table.stdout)")
    }
}
