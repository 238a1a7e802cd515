/// What a factory resolves its own dependencies through. It carries the chain of the resolution in
/// progress (to report cycles) and who asked first.
public struct Resolver: Sendable {
    let container: Container
    let frame: ResolutionFrame?
    /// Who started this resolution: the host or a plugin.
    public let requester: Owner

    /// Resolves a dependency of the instance being built.
    /// - Throws: `DIError` if it is not registered, its factory fails, or it closes a cycle.
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        try container.resolve(Key(type, name), frame: frame, requester: requester)
    }
}

/// One step of a resolution in progress; the chain is walked only to look for a cycle.
final class ResolutionFrame: Sendable {
    let key: Key
    let parent: ResolutionFrame?

    init(key: Key, parent: ResolutionFrame?) {
        self.key = key
        self.parent = parent
    }

    /// The chain from the first resolution to `key` if `key` is already in it.
    func cycle(closing key: Key) -> [String]? {
        var chain: [Key] = []
        var current: ResolutionFrame? = self
        var found = false
        while let frame = current {
            chain.append(frame.key)
            if frame.key == key { found = true; break }
            current = frame.parent
        }
        guard found else { return nil }
        return (chain.reversed() + [key]).map(\.description)
    }
}

/// A registration's identity: the type and the optional name.
struct Key: Hashable, @unchecked Sendable, CustomStringConvertible {
    let type: ObjectIdentifier
    let name: String?
    /// Kept only to name the type in messages; metatypes are immutable.
    let metatype: Any.Type

    init<T>(_ type: T.Type, _ name: String?) {
        self.type = ObjectIdentifier(type)
        self.name = name
        self.metatype = type
    }

    /// The type's name, e.g. `any SearchMoviesUseCase`; built only for messages.
    var typeName: String { String(describing: metatype) }

    static func == (lhs: Key, rhs: Key) -> Bool { lhs.type == rhs.type && lhs.name == rhs.name }

    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(name)
    }

    var description: String { DIError.describe(typeName, name) }
}
