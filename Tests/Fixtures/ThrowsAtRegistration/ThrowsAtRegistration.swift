import StrataPluginKit

/// Test fixture: registration throws after registering something (which must be rolled back).
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: "half-registered") { _ in 1 }
        struct Refused: Error, CustomStringConvertible { var description: String { "the fixture refuses to register" } }
        throw Refused()
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
