internal import FoundationEssentials
import StrataBase

/// A plugin's `features.<id>.settings` object from the config, for the plugin to decode.
public struct PluginSettings: Sendable {
    /// The settings as JSON text in UTF-8 (`{}` when the config has none).
    public let json: [UInt8]
    /// The plugin they belong to.
    public let pluginID: String
    /// Where they came from, for messages: a config path or `built-in defaults`.
    public let source: String

    /// Creates settings from JSON.
    public init(json: [UInt8] = Array("{}".utf8), pluginID: String, source: String) {
        self.json = json
        self.pluginID = pluginID
        self.source = source
    }

    /// Decodes the settings. Give every property a default in the type's `init(from:)` so an empty object
    /// decodes.
    /// - Throws: `PluginSettingsError` naming the plugin, the key path and the file.
    public func decode<T: Decodable>(_ type: T.Type) throws(PluginSettingsError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(json))
        } catch let error as DecodingError {
            throw PluginSettingsError(
                pluginID: pluginID, keyPath: error.keyPath(under: "features.\(pluginID).settings"), problem: error.problem, source: source)
        } catch {
            throw PluginSettingsError(pluginID: pluginID, keyPath: "features.\(pluginID).settings", problem: "\(error)", source: source)
        }
    }
}

/// A plugin's settings didn't decode.
public struct PluginSettingsError: Error, Sendable, CustomStringConvertible {
    /// The plugin.
    public let pluginID: String
    /// The full key path, e.g. `features.movies.settings.recentQueriesLimit`.
    public let keyPath: String
    /// What was wrong.
    public let problem: String
    /// The config file or `built-in defaults`.
    public let source: String

    /// `<plugin>: invalid setting `<key path>` in <file>: <problem>`.
    public var description: String {
        "\(pluginID): invalid setting `\(keyPath)` in \(source): \(problem)"
    }
}
