import GreeterInterface
import StrataPluginKit

/// Greets loudly, ending with what the provider keeps to itself.
struct LoudGreeter: Greeter {
    let ending: String
    func greeting(for name: String) -> String { "HELLO, \(name.uppercased())\(ending)" }
}

/// Exports a `Greeter`; the ending it is made with stays private.
final class ProviderPlugin: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(String.self, name: "ending", scope: .singleton) { _ in "!" }
        try context.export((any Greeter).self, scope: .singleton) { resolver in
            LoudGreeter(ending: try resolver.resolve(String.self, name: "ending"))
        }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(ProviderPlugin()) }
