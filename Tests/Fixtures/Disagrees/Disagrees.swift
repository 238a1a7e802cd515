import StrataPluginKit

/// Test fixture: its code contributes a command its descriptor doesn't declare.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.addCommand(PluginCommand(path: ["disagrees", "pong"]) { _, _ in })
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
