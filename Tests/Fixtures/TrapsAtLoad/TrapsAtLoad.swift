import StrataPluginKit

/// Test fixture: traps (fatalError) while registering.
final class Fixture: FeaturePlugin {
    let manifest = PluginManifest(id: "traps", displayName: "Fixture TrapsAtLoad", version: "0.0.1", summary: "traps (fatalError) while registering.", dependencies: [])

    func register(in context: PluginContext) throws {
        fatalError("fixture traps on purpose")
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
