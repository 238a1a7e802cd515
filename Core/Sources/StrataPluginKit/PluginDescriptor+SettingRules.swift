internal import FoundationEssentials
import StrataBase

/// The one check of a setting's value against what `plugin.json` declares for it (its type, choices, range
/// and format). The host's `config check` and the plugin's own decode (`PluginSettings.decode(_:)`)
/// both use it, so a value one accepts the other accepts.
extension PluginDescriptor.Setting {
    /// Why a value doesn't fit its declaration.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The JSON type is wrong: `expected` and `found` are phrases ("a whole number", "a string").
        case wrongType(expected: String, found: String)
        /// The type is right but the value is refused: a sentence saying why and what to use.
        case invalid(String)

        /// The problem in words: "expected a whole number, found a string", or the refusal.
        public var description: String {
            switch self {
            case .wrongType(let expected, let found): "expected \(expected), found \(found)"
            case .invalid(let reason): reason
            }
        }
    }

    /// What is wrong with `value` for this setting, or `nil` when it fits. `null` stands for "absent" (the
    /// default applies). A secret setting's value is never quoted.
    public func problem(with value: JSONValue) -> Problem? {
        switch (type, value) {
        case (_, .null), (.boolean, .bool), (.array, .array), (.object, .object): return nil
        case (.string, .string(let text)): return problem(withText: text)
        case (.number, .number(let number)): return rangeProblem(number)
        case (.integer, .number(let number)):
            guard number == number.rounded(.towardZero) else { return .wrongType(expected: Self.phrase(type), found: "a number with a fraction") }
            if let problem = rangeProblem(number) { return problem }
            return abs(number) < 9.0e15 ? nil : .wrongType(expected: Self.phrase(type), found: "a number too large to count with")
        default: return .wrongType(expected: Self.phrase(type), found: value.kind)
        }
    }

    /// `type` for people: "a whole number", "true or false".
    public static func phrase(_ kind: Kind) -> String {
        switch kind {
        case .string: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `text` when it is an `http(s)` URL with a host, as ``Format/httpURL`` asks; `nil` for any other text.
    public static func httpURL(_ text: String) -> String? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else { return nil }
        return text
    }

    private func problem(withText text: String) -> Problem? {
        let shown = secret ? "the value" : "\"\(text)\""
        if let choices, !choices.contains(text) {
            return .invalid("\(shown) is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        switch format {
        case nil: return nil
        case .httpURL?:
            return Self.httpURL(text) == nil ? .invalid("\(shown) is not an http(s) URL, e.g. \"https://example.com\"") : nil
        case .apiKeyVariable?:
            return APIKeyVariable.mayHoldKey(text)
                ? nil
                : .invalid("give the name of \(APIKeyVariable.rule), e.g. \"MY_API_KEY\" (never the key itself); no other variable is ever sent to a server")
        case .timeZone?:
            return TimeZoneNames.isKnown(text) == false
                ? .invalid("\(shown) is not a time zone; use an IANA name such as \"Europe/Berlin\" or \"UTC\", or leave it out for the system's zone")
                : nil
        }
    }

    private func rangeProblem(_ number: Double) -> Problem? {
        let range = DeclaredRange(minimum: minimum, maximum: maximum)
        return range.contains(number) ? nil : .invalid("\(secret ? "the value" : DeclaredRange.shown(number)) is out of range; use \(range.text)")
    }

    /// What is wrong with the declaration itself (checked when the descriptor is built): a rule that doesn't
    /// fit the type, a minimum above the maximum, or a default its own rules refuse.
    var declarationProblem: String? {
        let numeric = type == .integer || type == .number
        if (minimum != nil || maximum != nil) && !numeric { return "minimum and maximum are for integer and number settings, not \(type.rawValue)" }
        if (choices != nil || format != nil) && type != .string { return "choices and format are for string settings, not \(type.rawValue)" }
        if choices?.isEmpty == true { return "choices is empty; leave it out or list the values allowed" }
        if let problem = DeclaredRange(minimum: minimum, maximum: maximum).problem(whole: type == .integer) { return problem }
        guard let defaultValue else { return nil }
        let value: JSONValue
        switch type {
        case .string: value = .string(defaultValue)
        case .integer, .number:
            guard let number = Double(defaultValue), number.isFinite else { return "the default \"\(defaultValue)\" is not a number" }
            value = .number(number)
        case .boolean:
            guard let flag = Bool(defaultValue) else { return "the default \"\(defaultValue)\" is not true or false" }
            value = .bool(flag)
        case .array, .object: return "an array or object setting can't have a default in plugin.json; its default is empty"
        }
        return problem(with: value).map { "the default \"\(defaultValue)\" breaks its own rules: \($0)" }
    }
}

/// A declared `minimum` and `maximum` (either may be absent), for settings and options alike.
struct DeclaredRange {
    var minimum: Double?
    var maximum: Double?

    func contains(_ number: Double) -> Bool {
        minimum.map { number >= $0 } != false && maximum.map { number <= $0 } != false
    }

    /// `1 to 100`, `1 or more`, `at most 10`.
    var text: String {
        switch (minimum, maximum) {
        case (let low?, let high?): "\(Self.shown(low)) to \(Self.shown(high))"
        case (let low?, nil): "\(Self.shown(low)) or more"
        case (nil, let high?): "at most \(Self.shown(high))"
        case (nil, nil): "any value"
        }
    }

    /// What is wrong with the bounds themselves: a fraction where whole numbers are counted, a minimum above
    /// the maximum.
    func problem(whole: Bool) -> String? {
        if whole, let bound = [minimum, maximum].compactMap({ $0 }).first(where: { $0 != $0.rounded(.towardZero) }) {
            return "the bound \(bound) is not a whole number"
        }
        if let low = minimum, let high = maximum, low > high { return "minimum \(Self.shown(low)) is above maximum \(Self.shown(high))" }
        return nil
    }

    /// A number as people write it: `10`, not `10.0`.
    static func shown(_ number: Double) -> String {
        Int(exactly: number).map(String.init) ?? "\(number)"
    }
}
