import Foundation
import Testing
@testable import StrataHost

/// Host commands as small types over the pipeline's stages, without a process.
@Suite struct HostCommandTypesTests {
    /// `strata plugins new` reads the same context and catalog as every other command (issue #31, job 6).
    @Test func aNewPluginCantTakeAnInstalledIdOrACommandWord() throws {
        let sandbox = try HostPipelineSandbox()
        let claimed = Scaffold.ClaimedNames(HostCatalog(try sandbox.context()))
        let library = sandbox.plugins.appendingPathComponent("libHealthyPlugin.so").path
        #expect(claimed.refusal("healthy") == "a plugin with id 'healthy' is already installed (\(library))")
        #expect(claimed.refusal("plugins")?.contains("strata itself") == true)
        #expect(claimed.refusal("hello") == nil)
    }

    @Test func theHelpListsTheUsablePluginsCommandsAndTheDisabledOnes() throws {
        let sandbox = try HostPipelineSandbox()
        let enabled = HostCatalog(try sandbox.context())
        #expect(HostHelp(records: enabled.records, configSource: "x").text.contains("healthy ping"))
        try Data(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"enabled": false}}}"#.utf8).write(to: sandbox.config)
        let disabled = HostCatalog(try sandbox.context())
        let help = HostHelp(records: disabled.records, configSource: disabled.context.config.source).text
        #expect(!help.contains("healthy ping"))
        #expect(help.contains("Disabled features: healthy (in \(sandbox.config.path))"))
    }
}
