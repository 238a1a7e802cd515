import StrataPluginKit

/// Test fixture: depends on a plugin that is not installed.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: "missingdep") { _ in 1 }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
