import RunningPlugin
import StrataPluginKit

/// The ABI stamp the host checks before calling anything else in this library.
@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

/// The entry point the host calls to get the plugin.
@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(RunningPlugin()) }
