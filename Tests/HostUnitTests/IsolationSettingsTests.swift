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
