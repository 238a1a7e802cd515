import StrataBase
import StrataPluginKit

/// A feature's `settings` checked against the settings its descriptor declares, before any of its code
/// loads: a key the descriptor doesn't know is a warning with the closest known name, a value of the wrong
/// JSON type is an error with its key path and the expected type. Values are never quoted, so a secret
/// can't leak through a message.
struct SettingsCheck {
    /// Keys the descriptor doesn't declare (warnings).
    var unknownKeys: [String] = []
    /// Values of the wrong type (errors: the plugin is not loaded).
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
            let value = fields[key] ?? .null
            if !Self.value(value, is: setting.type) {
                let found = if case .number = value, setting.type == .integer { "a number with a fraction" } else { value.kind }
                wrongTypes.append(.wrongType(source: source, keyPath: keyPath, expected: Self.phrase(setting.type), found: found))
            }
        }
    }

    /// Whether `value` has the declared type. `null` stands for "absent" (the default applies).
    static func value(_ value: JSONValue, is kind: PluginDescriptor.Setting.Kind) -> Bool {
        switch (kind, value) {
        case (_, .null), (.string, .string), (.number, .number), (.boolean, .bool), (.array, .array), (.object, .object): true
        case (.integer, .number(let number)): number == number.rounded(.towardZero) && abs(number) < 9.0e15
        default: false
        }
    }

    static func phrase(_ kind: PluginDescriptor.Setting.Kind) -> String {
        switch kind {
        case .string: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .array: "an array"
        case .object: "an object"
        @unknown default: "a \(kind.rawValue)"  // a type a later SDK adds (its enums are resilient)
        }
    }
}
