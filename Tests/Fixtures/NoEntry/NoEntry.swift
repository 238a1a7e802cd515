import StrataPluginKit

/// Test fixture: exports the ABI stamp but no entry point.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        // Never called: the host refuses the library before it asks for the plugin.
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }
