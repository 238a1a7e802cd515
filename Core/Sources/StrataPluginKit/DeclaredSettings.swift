import StrataBase

/// A plugin's settings as a type: generated from `plugin.json` by the descriptor build tool
/// (`StrataDescriptorPlugin`), one typed property per declared setting, holding the declared default
/// (optional when there is none). Read it with `PluginSettings.decode(_:)`:
///
/// ```swift
/// let settings = try context.settings.decode(HelloSettings.self)  // HelloSettings is generated
/// print(settings.greeting)
/// ```
///
/// What is declared (type, `choices`, `minimum`, `maximum`, `format`) is checked before the type is made, by
/// the same rules `strata config check` uses. Logic on settings goes in an extension of the generated type;
/// a rule the declaration can't state goes in ``ruleProblem()``.
public protocol DeclaredSettings: Sendable {
    /// The settings `plugin.json` declares, as the host reads them.
    static var declared: [PluginDescriptor.Setting] { get }
    /// The settings with each value given in `values` (already checked) and the defaults elsewhere.
    init(_ values: SettingValues)
    /// The key of the setting at `property` (`\.weightKg` → `weightKg`), for messages.
    static func key(_ property: PartialKeyPath<Self>) -> String
    /// A rule the declaration can't state, broken: the setting and what is wrong. `nil` (the default) when
    /// the values keep every rule.
    func ruleProblem() -> (setting: PartialKeyPath<Self>, problem: String)?
}

extension DeclaredSettings {
    /// No rule beyond the declaration: `nil`.
    public func ruleProblem() -> (setting: PartialKeyPath<Self>, problem: String)? { nil }
}

/// The values of a plugin's settings object, each already checked against its declaration, read by type
/// (the generated settings types read them; plugin code reads the typed properties instead).
public struct SettingValues: Sendable {
    private let members: [String: JSONValue]

    /// The values of `members`, as they are (the caller checked them).
    public init(_ members: [String: JSONValue] = [:]) {
        self.members = members
    }

    /// The text at `key`, if it is there.
    public func string(_ key: String) -> String? {
        guard case .string(let text)? = members[key] else { return nil }
        return text
    }

    /// The whole number at `key`, if it is there.
    public func integer(_ key: String) -> Int? {
        guard case .number(let number)? = members[key] else { return nil }
        return Int(exactly: number)
    }

    /// The number at `key`, if it is there.
    public func number(_ key: String) -> Double? {
        guard case .number(let number)? = members[key] else { return nil }
        return number
    }

    /// The `true` or `false` at `key`, if it is there.
    public func boolean(_ key: String) -> Bool? {
        guard case .bool(let flag)? = members[key] else { return nil }
        return flag
    }

    /// The http(s) URL at `key` (a setting whose format is `httpURL`), as text, if it is there and is one.
    public func url(_ key: String) -> String? {
        string(key).flatMap(PluginDescriptor.Setting.httpURL)
    }

    /// The array or object at `key` as JSON, if it is there.
    public func json(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }
}

extension PluginSettings {
    /// Reads the settings as their generated type: each value present is checked against its declaration
    /// (``PluginDescriptor/Setting/problem(with:)``), then the type's own rules (``DeclaredSettings/ruleProblem()``).
    /// Keys the descriptor doesn't declare are left alone (`strata config check` warns about them).
    /// - Throws: `PluginSettingsError` naming the plugin, the key path, the file and what to use instead.
    public func decode<T: DeclaredSettings>(_ type: T.Type) throws(PluginSettingsError) -> T {
        let root = "features.\(pluginID).settings"
        let members: [String: JSONValue]
        do {
            guard case .object(let object) = try JSONValue.parse(json).value else {
                throw PluginSettingsError(pluginID: pluginID, keyPath: root, problem: "expected an object", source: source)
            }
            members = object
        } catch let error as PluginSettingsError {
            throw error
        } catch {
            throw PluginSettingsError(pluginID: pluginID, keyPath: root, problem: "not valid JSON: \(error)", source: source)
        }
        for setting in T.declared {
            if let value = members[setting.key], let problem = setting.problem(with: value) {
                throw PluginSettingsError(pluginID: pluginID, keyPath: "\(root).\(setting.key)", problem: problem.description, source: source)
            }
        }
        let settings = T(SettingValues(members))
        if let broken = settings.ruleProblem() {
            throw PluginSettingsError(pluginID: pluginID, keyPath: "\(root).\(T.key(broken.setting))", problem: broken.problem, source: source)
        }
        return settings
    }
}
