/// The binary contract between the host and plugins.
///
/// Swift has no stable ABI on Linux: a plugin must be built by the same compiler against the same SDK
/// ABI as the host. Every plugin exports a C function `strata_plugin_abi` returning `StrataABI.stamp`
/// as compiled into the plugin; the host reads it with `dlsym` and compares it with its own before it
/// calls any other code of the library.
public enum StrataABI {
    /// The SDK ABI version. Raise it whenever a public type of the SDK changes shape.
    public static let version = 4

    /// `strata-abi=<version>;swift=<compiler>` as compiled into the caller, as a C string.
    @inlinable public static var stamp: UnsafePointer<CChar> {
        #if compiler(>=6.5)
        let text: StaticString = "strata-abi=4;swift=6.5+"
        #elseif compiler(>=6.4)
        let text: StaticString = "strata-abi=4;swift=6.4"
        #elseif compiler(>=6.3.1)
        let text: StaticString = "strata-abi=4;swift=6.3.1"
        #elseif compiler(>=6.3)
        let text: StaticString = "strata-abi=4;swift=6.3"
        #else
        let text: StaticString = "strata-abi=4;swift=older"
        #endif
        return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// The stamp as a string, as compiled into the caller.
    @inlinable public static var stampString: String { String(cString: stamp) }

    /// The C symbol of the stamp function.
    public static let stampSymbol = "strata_plugin_abi"
    /// The C symbol of the entry function.
    public static let entrySymbol = "strata_plugin_entry"
}

/// Hands a plugin object across the C entry point.
///
/// A plugin's entry file:
/// ```swift
/// @c(strata_plugin_abi) public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }
/// @c(strata_plugin_entry) public func strataPluginEntry() -> UnsafeMutableRawPointer {
///     PluginExport.export(MoviesPlugin())
/// }
/// ```
public final class PluginExport: Sendable {
    /// The exported plugin.
    public let plugin: any FeaturePlugin

    private init(_ plugin: any FeaturePlugin) { self.plugin = plugin }

    /// Retains `plugin` and returns it as an opaque pointer for the host; call once from the entry function.
    public static func export(_ plugin: any FeaturePlugin) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(PluginExport(plugin)).toOpaque()
    }

    /// Takes back what `export` returned (the host side). Returns `nil` if the pointer isn't an export of
    /// this SDK (e.g. a plugin linked against another copy of it).
    public static func take(_ pointer: UnsafeMutableRawPointer) -> (any FeaturePlugin)? {
        (Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? PluginExport)?.plugin
    }
}
