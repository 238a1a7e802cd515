import GreeterInterface
import StrataPluginKit

/// Uses the provider's exported greeter; it depends on the provider, which loads first.
final class ConsumerPlugin: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.addCommand(PluginCommand(path: ["consumer", "greet"]) { arguments, invocation in
            let greeter = try context.service((any Greeter).self)
            invocation.writeLine(greeter.greeting(for: arguments.text))
        })
        try context.addCommand(PluginCommand(path: ["consumer", "peek"]) { _, invocation in
            invocation.writeLine(try context.service(String.self, name: "ending"))
        })
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(ConsumerPlugin()) }
