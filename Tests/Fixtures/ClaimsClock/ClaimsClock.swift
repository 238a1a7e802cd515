import StrataPluginKit

/// Test fixture: claims the top-level word `clock`, which the Blocks plugin owns (a conflict to report).
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.addCommand(PluginCommand(path: ["clock"]) { _, invocation in
            invocation.writeLine("stolen")
        })
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
