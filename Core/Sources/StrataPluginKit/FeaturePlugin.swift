/// What a plugin library provides: a manifest and a registration step.
///
/// The host calls `register(in:)` once, on the main thread, in dependency order, before the container is
/// frozen. An implementation registers its use cases, commands and screen provider there and does no
/// other work (no network, no long I/O): every command of every plugin waits for registration to end.
/// If it throws, everything it registered is removed and the plugin is reported as failed.
public protocol FeaturePlugin: AnyObject, Sendable {
    /// Who the plugin is.
    var manifest: PluginManifest { get }
    /// Registers the plugin's services and commands.
    /// - Throws: any error; the host reports the plugin as failed with it and goes on with the others.
    func register(in context: PluginContext) throws
}

/// A plugin's identity card.
public struct PluginManifest: Sendable, Equatable, Codable {
    /// Lowercase id, unique among loaded plugins; matches the library name (`libMoviesPlugin.so` → `movies`)
    /// and the config key `features.<id>`.
    public let id: String
    /// The name shown to people.
    public let displayName: String
    /// The plugin's own version.
    public let version: String
    /// One sentence on what the feature does.
    public let summary: String
    /// The SDK ABI version the plugin was compiled against.
    public let sdkABI: Int
    /// Ids of plugins that must be registered before this one.
    public let dependencies: [String]

    /// Creates a manifest. `sdkABI` defaults to the version of the SDK being compiled against.
    public init(id: String, displayName: String, version: String, summary: String,
                sdkABI: Int = StrataABI.compiledVersion, dependencies: [String] = []) {
        self.id = id
        self.displayName = displayName
        self.version = version
        self.summary = summary
        self.sdkABI = sdkABI
        self.dependencies = dependencies
    }

    /// Whether `id` is a valid plugin id: lowercase ASCII letters, digits and `-`, starting with a letter.
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
