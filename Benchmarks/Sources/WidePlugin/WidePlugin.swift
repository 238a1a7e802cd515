import StrataPluginKit

/// A plugin whose descriptor is Blocks-sized (25 commands, with their arguments, options and settings),
/// for the rows of many large descriptors. Listing reads descriptors only; the code registers one value
/// (the commands are declared, not contributed), as the trivial plugin does.
final class WidePlugin: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: context.pluginID) { _ in 1 }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(WidePlugin()) }
