import StrataPluginKit

/// Test fixture: depends on cycleb, which depends on it.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: "cyclea") { _ in 1 }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
