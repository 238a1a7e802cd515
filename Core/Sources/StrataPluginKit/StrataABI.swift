/// The binary contract between the host and plugins: the SDK version and the Swift compiler a plugin was
/// built with.
///
/// The SDK is built with library evolution, so a plugin built against SDK X.Y runs in a strata whose SDK is
/// X.Y' with Y' ≥ Y (releases within a major only add); ``compatibility(ofStamp:)`` is the one rule. Swift's
/// runtime on Linux promises no stable ABI across compilers, so the compiler must be the same.
///
/// The stamp reaches the host twice, both compiled into the plugin: in its descriptor (written by the
/// descriptor build tool, read before `dlopen`) and from the C function `strata_plugin_abi`, which returns
/// ``stamp`` and which the host calls before any other code of the library.
public enum StrataABI {
    /// The SDK's semantic version: the one place it is written. Raise the minor when the SDK adds API, the
    /// major when it removes or changes any (`Scripts/sdk-abi check` says which; see "SDK versions" in
    /// README.md). Emitted into the caller, so a plugin's copy is the version it was built against.
    @_alwaysEmitIntoClient public static var sdkVersion: String { "1.3.0" }

    /// The Swift compiler that compiles the caller, e.g. `6.3.1`.
    @_alwaysEmitIntoClient public static var swiftVersion: String {
        #if compiler(>=6.5)
        "6.5+"
        #elseif compiler(>=6.4)
        "6.4"
        #elseif compiler(>=6.3.1)
        "6.3.1"
        #elseif compiler(>=6.3)
        "6.3"
        #else
        "older"
        #endif
    }

    /// `strata-sdk=<version>;swift=<compiler>` as compiled into the caller.
    @_alwaysEmitIntoClient public static var stampString: String { "strata-sdk=\(sdkVersion);swift=\(swiftVersion)" }

    /// ``stampString`` as a C string, for the plugin's `strata_plugin_abi` function. The host calls that once
    /// per load, so the few bytes of each copy are simply kept.
    @_alwaysEmitIntoClient public static var stamp: UnsafePointer<CChar> {
        let text = stampString.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: text.count)
        text.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: $0.count) }
        return UnsafePointer(copy)
    }

    /// The stamp of this SDK library as the host has it loaded (not the caller's compiled copy).
    public static let currentStamp = stampString

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
