import StrataPluginKit

/// Test fixture: its library's C constructor never returns (see Constructor/hang.c), so loading it hangs.
final class Fixture: FeaturePlugin {
    let manifest = PluginManifest(id: "hangs", displayName: "Fixture HangsAtLoad", version: "0.0.1", summary: "its library constructor never returns.", dependencies: [])

    func register(in context: PluginContext) throws {}
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
