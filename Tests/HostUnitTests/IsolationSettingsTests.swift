import Foundation
import StrataBase
import StrataPluginKit
import Testing
@testable import StrataHost

/// `features.<id>.isolation`, `capabilities` and `limits` in the config.
@Suite struct IsolationSettingsTests {
    func config(_ feature: String) throws -> StrataConfig {
        try StrataConfig(document: try JSONValue.parse(Array(#"{"features":{"x":\#(feature)}}"#.utf8)).value, source: "test.json", path: nil)
    }

    @Test func everyPluginRunsInProcessUnlessTheConfigSaysOtherwise() throws {
        #expect(try config("{}").isolation(for: "x") == IsolationSettings())
        #expect(try config("{}").isolation(for: "x").mode == .none)
        #expect(try config(#"{"isolation":"process"}"#).isolation(for: "x").mode == .process)
        #expect(try config(#"{"isolation":"process-unsandboxed"}"#).isolation(for: "x").mode == .processUnsandboxed)
        #expect(try config(#"{"isolation":"process"}"#).warnings == [])
    }

    @Test func aWrongIsolationOrLimitNamesItsKeyPath() throws {
        #expect(throws: (any Error).self) { try config(#"{"isolation":"sandbox"}"#) }
        do {
            _ = try config(#"{"limits":{"memoryMegabytes":1e300}}"#)
            Issue.record("a limit past its maximum was taken")
        } catch {
            #expect("\(error)".contains("`features.x.limits.memoryMegabytes` must be a whole number from 1 to 1048576"))
        }
        #expect(try config(#"{"limits":{"memoryMegabytes":256,"cpuSeconds":5}}"#).isolation(for: "x").limits
                    == .init(memoryMegabytes: 256, openFiles: 256, cpuSeconds: 5))
    }

    @Test func theConfigNarrowsDeclaredCapabilitiesAndSaysWhatItCannotAdd() throws {
        let declared = PluginDescriptor.Capabilities(network: ["api.themoviedb.org", "image.tmdb.org"], environment: ["TMDB_API_KEY"])
        let settings = try config(#"{"capabilities":{"network":["image.tmdb.org","evil.example"]}}"#).isolation(for: "x")
        let (capabilities, undeclared) = settings.capabilities(declared: declared)
        #expect(capabilities == .init(network: ["image.tmdb.org"]))
        #expect(undeclared == ["evil.example"])
        let descriptor = PluginDescriptor(id: "x", displayName: "X", version: "1.0.0", summary: "s")
        var withCapabilities = descriptor
        withCapabilities.capabilities = declared
        #expect(settings.sentences(for: withCapabilities).contains {
            $0.hasPrefix("The config names evil.example, which the plugin never declared")
        })
    }
}

/// A plugin set to run in a helper has its screens refused with a reason, before any of its code loads.
@Suite struct IsolatedScreenTests {
    @MainActor @Test func anIsolatedPluginsScreenIsRefusedWithWhatToDo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-screens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("strata.json")
        try Data(#"{"pluginDirectories": [], "features": {"blocks": {"isolation": "process"}}}"#.utf8).write(to: config)
        let context = try HostContext.load(options: try HostOptions.parse(["--config", config.path, "--data-dir", folder.path]),
                                           environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.path])
        do {
            _ = try InteractiveCommand.screenProvider(of: "blocks", runner: HostRunner(HostCatalog(context)))
            Issue.record("the screen of a process-isolated plugin opened")
        } catch {
            #expect("\(error)".hasPrefix("its screens don't run in a helper process yet (\"isolation\": \"process\" under features.blocks in \(config.path))"))
        }
        #expect(context.config.screenRefusal("movies") == nil, "a plugin in process opens its screens as before")
    }
}
