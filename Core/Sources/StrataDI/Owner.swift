/// Who made a registration or asked for a resolution: the host, or a plugin by id.
///
/// `@frozen`: part of the SDK's ABI for good (changing its layout needs a new major). The host's container
/// (StrataHostKit, another module) keeps it in every key and entry and compares it on every resolve; from a
/// resilient module it would be copied through the runtime's value witnesses, which made a singleton
/// resolve ~450 ns instead of ~35 when measured (the DI rows in Benchmarks/RESULTS.md).
@frozen
public enum Owner: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The `strata` host itself.
    case host
    /// A plugin, by its id.
    case plugin(String)

    /// `host` or `plugin '<id>'`, as messages show it.
    public var description: String {
        switch self {
        case .host: "host"
        case .plugin(let id): "plugin '\(id)'"
        }
    }

    /// The bare name: `host` or the plugin id.
    public var name: String {
        switch self {
        case .host: "host"
        case .plugin(let id): id
        }
    }

    /// The host first, then plugins by id.
    public static func < (lhs: Owner, rhs: Owner) -> Bool {
        switch (lhs, rhs) {
        case (.host, .plugin): true
        case (.plugin(let left), .plugin(let right)): left < right
        default: false
        }
    }
}

/// How long a resolved instance lives.
///
/// `@frozen`: part of the SDK's ABI for good (changing its layout needs a new major). The host's container
/// (StrataHostKit, another module) keeps it in every key and entry and compares it on every resolve; from a
/// resilient module it would be copied through the runtime's value witnesses, which made a singleton
/// resolve ~450 ns instead of ~35 when measured (the DI rows in Benchmarks/RESULTS.md).
@frozen
public enum Scope: String, Sendable, CaseIterable {
    /// A new instance for every resolution.
    case transient
    /// One instance, built on first resolution (exactly once, even under contention) and kept.
    case singleton
    /// One instance shared while someone holds it; built again after the last holder lets go.
    /// The factory must return a class instance.
    case weak
}
