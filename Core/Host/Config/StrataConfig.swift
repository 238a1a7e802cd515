import FoundationEssentials
import StrataBase

/// The host's configuration: where plugins are, where data goes, and what each feature gets.
struct StrataConfig {
    /// One entry of `features`.
    struct Feature {
        var enabled: Bool?
        var settings: JSONValue?
        /// `isolation`, `capabilities` and `limits`: where and with what its code runs.
        var isolation = IsolationSettings()
    }

    /// Where the config came from: a file, or the built-in defaults.
    var source: String
    /// The config file, if there is one.
    var path: String?
    /// `pluginDirectories` as written, or `nil` for the defaults.
    var pluginDirectories: [String]?
    /// `dataDirectory` as written.
    var dataDirectory: String?
    /// `trust`: whether plugin files must also match the digest recorded for them.
    var trust: Trust = .permissions
    /// Found in the current folder and used because the user approved it (`strata config allow`): the
    /// approval also pins the plugins it loaded then (``PluginPins``).
    var approved = false

    /// How plugin files are trusted.
    enum Trust: String {
        /// The file and the folders above it must be the user's or root's and writable by nobody else.
        case permissions
        /// That, and the file's SHA-256 must be the one recorded by `plugins install` or `plugins trust`.
        case pinned
    }
    /// `features.<id>`.
    var features: [String: Feature] = [:]
    /// The plugins that run in process when `isolation` isn't given (``HostContext`` adds `strata dev`'s folder).
    var shipped = ShippedPlugins.current
    /// Problems worth a warning (unknown keys), each with a suggestion.
    var warnings: [String] = []

    static let topLevelKeys = ["pluginDirectories", "dataDirectory", "features", "trust"]
    static let featureKeys = ["enabled", "settings"] + IsolationSettings.keys

    /// The defaults used when no config file is found: every discovered feature enabled, each with the
    /// settings its own plugin defaults to (the host names no feature; the built-in ones work offline).
    static var builtIn: StrataConfig { StrataConfig(source: "built-in defaults") }

    /// The built-in defaults in place of the user's config file at `path`, which isn't there: named so that a
    /// message saying what to set "in" the config says where.
    static func builtIn(standingFor path: String) -> StrataConfig { StrataConfig(source: "\(path) (which doesn't exist yet)") }

    /// Whether the feature `id` may load. A feature the config doesn't mention is enabled, so a dropped-in
    /// plugin loads without editing the config.
    func isEnabled(_ id: String) -> Bool { features[id]?.enabled ?? true }

    /// How `id`, whose library is at `path`, runs: as `features.<id>` says; where it names no `isolation`, in
    /// process for a plugin that ships with strata and in a sandboxed helper for any other (``ShippedPlugins``).
    func isolation(for id: String, at path: String?) -> IsolationSettings {
        var isolation = features[id]?.isolation ?? IsolationSettings()
        if isolation.configuredMode == nil { isolation.mode = path.map(shipped.contains(path:)) == true ? .none : .process }
        return isolation
    }

    /// The settings of `id` as JSON (`{}` if none).
    func settingsJSON(for id: String) -> Data {
        // None (most features): `{}` without a JSONEncoder, whose first use was 0.9 % of `blocks list`'s CPU.
        guard let settings = features[id]?.settings else { return Data("{}".utf8) }
        return settings.encoded()
    }

    /// Builds a config from a parsed document.
    /// - Throws: `ConfigError.wrongType` with the key path of the first value of the wrong type.
    init(document: JSONValue, source: String, path: String?) throws(ConfigError) {
        self.source = source
        self.path = path
        guard case .object(let top) = document else {
            throw .wrongType(source: source, keyPath: "(top level)", expected: "an object", found: document.kind)
        }
        for key in top.keys.sorted() where !Self.topLevelKeys.contains(key) {
            warnings.append(Self.unknownKeyWarning(key, at: key, known: Self.topLevelKeys, source: source))
        }
        if let value = top["pluginDirectories"] {
            guard case .array(let items) = value else {
                throw .wrongType(source: source, keyPath: "pluginDirectories", expected: "an array of paths", found: value.kind)
            }
            pluginDirectories = try items.enumerated().map { index, item throws(ConfigError) in
                guard case .string(let path) = item else {
                    throw .wrongType(source: source, keyPath: "pluginDirectories[\(index)]", expected: "a path string", found: item.kind)
                }
                return path
            }
        }
        if let value = top["dataDirectory"] {
            guard case .string(let path) = value, !path.isEmpty else {
                throw .wrongType(source: source, keyPath: "dataDirectory", expected: "a path string", found: value == .string("") ? "empty" : value.kind)
            }
            dataDirectory = path
        }
        if let value = top["trust"] {
            guard case .string(let name) = value, let trust = Trust(rawValue: name) else {
                throw .wrongType(source: source, keyPath: "trust", expected: "\"permissions\" or \"pinned\"", found: value.kind)
            }
            self.trust = trust
        }
        if let value = top["features"] {
            guard case .object(let entries) = value else {
                throw .wrongType(source: source, keyPath: "features", expected: "an object keyed by feature id", found: value.kind)
            }
            for (id, entry) in entries {
                features[id] = try Self.feature(entry, id: id, source: source, warnings: &warnings)
            }
        }
    }

    private init(source: String) {
        self.source = source
    }

    private static func feature(_ entry: JSONValue, id: String, source: String, warnings: inout [String]) throws(ConfigError) -> Feature {
        guard case .object(let fields) = entry else {
            throw .wrongType(source: source, keyPath: "features.\(id)", expected: "an object", found: entry.kind)
        }
        for key in fields.keys.sorted() where !featureKeys.contains(key) {
            warnings.append(unknownKeyWarning(key, at: "features.\(id).\(key)", known: featureKeys, source: source))
        }
        var feature = Feature()
        if let value = fields["enabled"] {
            guard case .bool(let enabled) = value else {
                throw .wrongType(source: source, keyPath: "features.\(id).enabled", expected: "true or false", found: value.kind)
            }
            feature.enabled = enabled
        }
        if let value = fields["settings"] {
            guard case .object = value else {
                throw .wrongType(source: source, keyPath: "features.\(id).settings", expected: "an object", found: value.kind)
            }
            feature.settings = value
        }
        feature.isolation = try IsolationSettings(fields, id: id, source: source)
        return feature
    }

    static func unknownKeyWarning(_ key: String, at keyPath: String, known: [String], source: String) -> String {
        let hint = closestName(to: key, in: known).map { "; did you mean '\($0)'?" } ?? " (known: \(known.joined(separator: ", ")))"
        return "unknown key `\(keyPath)` in \(source)\(hint)"
    }
}
