import GptPlugin
import StrataPluginKit

@c(strata_plugin_abi) public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry) public func strataPluginEntry() -> UnsafeMutableRawPointer {
    PluginExport.export(GptPlugin())
}
