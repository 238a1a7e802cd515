import StrataPluginKit

/// Test fixture: exports a stamp for another SDK ABI.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        // Never called: the host refuses the library before it asks for the plugin.
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("strata-abi=999;swift=0.0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
