import Foundation
import Testing

/// A disabled plugin's library is never opened, and its commands say so.
@Suite struct DisabledPluginTests {
    @Test func disabledLibraryIsNotMappedAndEnabledOneIs() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"traps": {"enabled": false}}}"#)
        let result = try sandbox.strata(["plugins", "list", "--json"])
        #expect(result.status == 0)
        let rows = try decodeRows(result.stdout)
        #expect(rows["traps"]?.state == "disabled")
        #expect(rows["healthy"]?.state == "enabled")
        #expect(rows.values.allSatisfy { $0.mapped == false }, "listing opens no library")
        // `di list` activates every usable plugin: the disabled trapping one must not be among them.
        let all = try sandbox.strata(["di", "list", "--json"])
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
}
