import StrataPluginKit

/// Test fixture: depends on cyclea, which depends on it.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: "cycleb") { _ in 1 }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
