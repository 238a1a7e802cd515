import StrataPluginKit

/// Test fixture: a plugin that loads, registers a value and a command.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        try context.register(String.self, name: "greeting", scope: .singleton) { _ in "hello from healthy" }
        try context.export(String.self, name: "shared greeting", scope: .singleton) { _ in "hello to all" }
        try context.addCommand(PluginCommand(path: ["healthy", "ping"]) { _, invocation in
            let greeting = (try? context.service(String.self, name: "greeting")) ?? "missing"
            invocation.writeLine("pong (\(greeting))")
        })
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
