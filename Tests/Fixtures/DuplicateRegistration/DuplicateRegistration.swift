import StrataPluginKit

/// Test fixture: exports a key the healthy fixture already exports (a private registration of it would be
/// its own, in its own namespace, and no conflict).
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.export(String.self, name: "shared greeting") { _ in "stolen" }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
