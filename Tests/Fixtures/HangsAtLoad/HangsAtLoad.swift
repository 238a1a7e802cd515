import StrataPluginKit

/// Test fixture: its library's C constructor never returns (see Constructor/hang.c), so loading it hangs.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {}
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
