/// What a factory resolves its own dependencies through. It carries the chain of the resolution in
/// progress (to report cycles) and who asked first.
public struct Resolver: Sendable {
    @usableFromInline let container: Container
    @usableFromInline let trail: ResolutionTrail
    /// Who started this resolution: the host or a plugin.
    public let requester: Owner

    @usableFromInline init(container: Container, trail: ResolutionTrail, requester: Owner) {
        self.container = container
        self.trail = trail
        self.requester = requester
    }

    /// Resolves a dependency of the instance being built.
    /// - Throws: `DIError` if it is not registered, its factory fails, or it closes a cycle.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        if let instance: T = container.frozenSingleton(type, name, requester: requester) { return instance }
        return try container.resolve(Key(type, name), trail: trail, requester: requester)
    }
}

/// What a resolution in progress keeps of where it is.
@usableFromInline
enum ResolutionTrail: Sendable {
    /// Only how many resolutions are nested: the fast path, which allocates nothing per level.
    case depth(Int)
    /// The chain of resolutions, to name a cycle: taken when the fast path nests too deep.
    case chain(ResolutionFrame?)
}

/// One step of a resolution in progress; the chain is walked only to look for a cycle.
@usableFromInline
final class ResolutionFrame: Sendable {
    @usableFromInline let key: Key
    @usableFromInline let parent: ResolutionFrame?

    @usableFromInline init(key: Key, parent: ResolutionFrame?) {
        self.key = key
        self.parent = parent
    }

    /// The chain from the first resolution to `key` if `key` is already in it.
    @usableFromInline func cycle(closing key: Key) -> [String]? {
        // Walk first without allocating; build the chain only when there is a cycle to report.
        var current: ResolutionFrame? = self
        while let frame = current, frame.key != key { current = frame.parent }
        guard current != nil else { return nil }
        var chain: [Key] = []
        current = self
        while let frame = current {
            chain.append(frame.key)
            if frame.key == key { break }
            current = frame.parent
        }
        return (chain.reversed() + [key]).map(\.description)
    }
}

/// A registration's identity: the type and the optional name.
///
/// `@frozen`: part of the SDK's ABI for good (changing its layout needs a new major). The container's fast
/// path is inlined into every caller; without this the inlined code copied it through the runtime's value
/// witnesses, and a singleton resolve took ~450 ns instead of ~35 (the DI rows in Benchmarks/RESULTS.md).
@frozen @usableFromInline
struct Key: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let name: String?
    /// The plugin a private registration belongs to (its own namespace: two plugins may each keep a
    /// `SQLiteDatabase`), nil for the host's services and what plugins export.
    @usableFromInline let scope: Owner?
    /// Kept only to name the type in messages; metatypes are immutable.
    @usableFromInline let metatype: Any.Type

    @inlinable init<T>(_ type: T.Type, _ name: String?, scope: Owner? = nil) {
        self.type = ObjectIdentifier(type)
        self.name = name
        self.scope = scope
        self.metatype = type
    }

    /// The type's name, e.g. `any SearchMoviesUseCase`, or `any ItemFetchUseCase<Block>` for a constrained
    /// existential (which the runtime spells `any ItemFetchUseCase<Self.ItemFetchUseCase.Item == Block>`); built
    /// only for messages and listings.
    @usableFromInline var typeName: String { Self.readable(String(describing: metatype)) }

    /// Drops the runtime's `Self.P.A == ` before each constraint of a constrained existential.
    static func readable(_ name: String) -> String {
        var result = ""
        var rest = Substring(name)
        while let start = rest.firstRange(of: "Self."), let equals = rest[start.upperBound...].firstRange(of: " == ") {
            result += rest[..<start.lowerBound]
            rest = rest[equals.upperBound...]
        }
        return result + rest
    }

    @usableFromInline static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.type == rhs.type && lhs.name == rhs.name && lhs.scope == rhs.scope
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(name)
        hasher.combine(scope)
    }

    @usableFromInline var description: String { DIError.describe(typeName, name) }
}
