import StrataPluginKit

/// A plugin that registers one value under its own id. Benchmarks/run copies one build under many names
/// and writes each copy's id into its descriptor, so one build gives many distinct plugins.
final class TrivialPlugin: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: context.pluginID) { _ in 1 }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(TrivialPlugin()) }
