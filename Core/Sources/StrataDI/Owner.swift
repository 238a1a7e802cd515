/// Who made a registration or asked for a resolution: the host, or a plugin by id.
///
/// `@frozen`: part of the SDK's ABI for good (changing its layout needs a new major). The container's fast
/// path is inlined into every caller; without this the inlined code copied it through the runtime's value
/// witnesses, and a singleton resolve took ~450 ns instead of ~35 (the DI rows in Benchmarks/RESULTS.md).
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
/// `@frozen`: part of the SDK's ABI for good (changing its layout needs a new major). The container's fast
/// path is inlined into every caller; without this the inlined code copied it through the runtime's value
/// witnesses, and a singleton resolve took ~450 ns instead of ~35 (the DI rows in Benchmarks/RESULTS.md).
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

/// One entry of the container, as introspection shows it.
public struct Registration: Sendable, Hashable {
    /// Who registered it.
    public let owner: Owner
    /// The registered type, e.g. `any SearchMoviesUseCase`.
    public let type: String
    /// The name, if the registration has one.
    public let name: String?
    /// Its scope.
    public let scope: Scope
    /// Whether other plugins may resolve it (the host's registrations and what a plugin exports).
    public let exported: Bool
}
