import StrataPluginKit

/// Test fixture: traps (fatalError) while registering.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        fatalError("fixture traps on purpose")
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
