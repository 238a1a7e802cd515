import CDynamicLoader
import StrataPluginKit

/// A plugin that registers one value. Its id comes from its own file name (`libBench42Plugin.so` →
/// `bench42`), so one build copied under many names gives many distinct plugins.
final class TrivialPlugin: FeaturePlugin {
    let manifest: PluginManifest

    init() {
        let path = strata_bench_image_path(#dsohandle).map { String(cString: $0) } ?? ""
        let fileName = path.split(separator: "/").last.map(String.init) ?? ""
        let id = fileName.hasPrefix("lib") && fileName.hasSuffix("Plugin.so")
            ? String(fileName.dropFirst(3).dropLast(9)).lowercased() : "trivial"
        manifest = PluginManifest(id: id, displayName: id, version: "1.0.0", summary: "A trivial benchmark plugin.")
    }

    func register(in context: PluginContext) throws {
        try context.register(Int.self, name: manifest.id) { _ in 1 }
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(TrivialPlugin()) }
