import StrataPluginKit

/// Test fixture: registers a key the healthy fixture already owns.
final class Fixture: FeaturePlugin {
    let manifest = PluginManifest(id: "duplicate", displayName: "Fixture DuplicateRegistration", version: "0.0.1", summary: "registers a key the healthy fixture already owns.", dependencies: ["healthy"])

    func register(in context: PluginContext) throws {
        try context.register(String.self, name: "greeting") { _ in "stolen" }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
