import StrataDI

/// A registration's identity: the type and the optional name.
@usableFromInline
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
