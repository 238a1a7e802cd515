/// Why the container refused a registration or a resolution. Each message names the type and name
/// concerned, who asked, and what to do.
public enum DIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is registered under this type and name. `sameTypeOtherNames` and `sameNameOtherTypes`
    /// list what is registered nearby, to spot a typo or a wrong type.
    case notRegistered(type: String, name: String?, requester: Owner, sameTypeOtherNames: [String?], sameNameOtherTypes: [String])
    /// Resolving went in a circle; the chain starts and ends with the same entry (`A → B → A`).
    case cycle([String])
    /// The registration is another plugin's own: it didn't export it.
    case privateRegistration(type: String, name: String?, owner: Owner, requester: Owner)
    /// The key is owned by someone else; a registration can only be replaced by its owner.
    case ownedByOther(type: String, name: String?, owner: Owner, attemptedBy: Owner)
    /// The container is frozen (loading has ended); no registration is accepted any more.
    case frozen(type: String, name: String?, attemptedBy: Owner)
    /// The factory threw. People read only `reason`, the factory's own words (a setting that is wrong, a file
    /// that can't be opened): the type, name and owner are for code and tests, never shown.
    case factoryFailed(type: String, name: String?, owner: Owner, reason: String)
    /// A `.weak` registration's factory returned a value that isn't a class instance.
    case weakScopeNeedsClass(type: String, name: String?, owner: Owner)

    /// The message for a person: what failed, for which type and name, and what to do.
    public var description: String {
        switch self {
        case .notRegistered(let type, let name, let requester, let otherNames, let otherTypes):
            var text = "nothing is registered for \(Self.describe(type, name)) (asked by \(requester))."
            if !otherNames.isEmpty {
                text += " Registered for \(type) under: \(otherNames.map { $0.map { "'\($0)'" } ?? "no name" }.joined(separator: ", "))."
            }
            if !otherTypes.isEmpty {
                text += " Registered under the name '\(name ?? "")' with other types: \(otherTypes.joined(separator: ", "))."
            }
            if otherNames.isEmpty && otherTypes.isEmpty {
                text += " Register it first, or check that the plugin that provides it is enabled and loaded (`strata di list`)."
            }
            return text
        case .cycle(let chain):
            return "dependency cycle: \(chain.joined(separator: " → ")). Break it by injecting one side lazily or restructuring the factories."
        case .privateRegistration(let type, let name, let owner, let requester):
            return "\(requester) can't resolve \(Self.describe(type, name)): it is private to \(owner). "
                + "\(owner.name) has to export it (context.export) for other plugins to use it, and \(requester.name) to depend on \(owner.name)."
        case .ownedByOther(let type, let name, let owner, let attempted):
            return "\(attempted) can't register \(Self.describe(type, name)): it is owned by \(owner). Use another name or type."
        case .frozen(let type, let name, let attempted):
            return
                "\(attempted) can't register \(Self.describe(type, name)): the container is frozen once loading ends. Register from the plugin's register(in:)."
        case .factoryFailed(_, _, _, let reason):
            return reason
        case .weakScopeNeedsClass(let type, let name, let owner):
            return
                "\(Self.describe(type, name)) (registered by \(owner)) has scope weak but its factory returned a value type; use .singleton or return a class instance."
        }
    }

    /// How messages name a registration: `Store`, or `Store named 'ending'`.
    public static func describe(_ type: String, _ name: String?) -> String {
        name.map { "\(type) named '\($0)'" } ?? type
    }
}
