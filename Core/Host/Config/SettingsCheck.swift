import StrataBase
import StrataPluginKit

/// A feature's `settings` checked against the settings its descriptor declares, before any of its code
/// loads: a key the descriptor doesn't know is a warning with the closest known name; a value its declaration
/// refuses (the wrong JSON type, not among its choices, out of its range, not of its format) is an error with
/// its key path, by the same rule the plugin's own decode uses (`PluginDescriptor.Setting.problem(with:)`).
/// A secret's value is never quoted, so it can't leak through a message.
struct SettingsCheck {
    /// Keys the descriptor doesn't declare (warnings).
    var unknownKeys: [String] = []
    /// Values their declaration refuses (errors: the plugin is not loaded).
    var wrongTypes: [ConfigError] = []

    init(_ settings: JSONValue?, of id: String, against declared: [PluginDescriptor.Setting], source: String) {
        guard case .object(let fields)? = settings else { return }
        let known = declared.map(\.key)
        for key in fields.keys.sorted() {
            let keyPath = "features.\(id).settings.\(key)"
            guard let setting = declared.first(where: { $0.key == key }) else {
                unknownKeys.append(StrataConfig.unknownKeyWarning(key, at: keyPath, known: known, source: source))
                continue
            }
            switch setting.problem(with: fields[key] ?? .null) {
            case nil: break
            case .wrongType(let expected, let found)?:
                wrongTypes.append(.wrongType(source: source, keyPath: keyPath, expected: expected, found: found))
            case .invalid(let reason)?:
                wrongTypes.append(.invalidValue(source: source, keyPath: keyPath, reason: reason))
            @unknown default:  // a kind of problem a later SDK adds (its enums are resilient)
                wrongTypes.append(.invalidValue(source: source, keyPath: keyPath, reason: "the plugin's declaration of it refuses this value"))
            }
        }
    }
}
