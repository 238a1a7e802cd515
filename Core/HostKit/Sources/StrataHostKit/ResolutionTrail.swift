import StrataDI

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

/// The container at one step of a resolution in progress: what the `Resolver` a factory gets resolves from.
/// Two words and a tag, so the resolver holds it without allocating.
@usableFromInline
struct ResolutionStep: ResolutionSource {
    @usableFromInline let container: Container
    @usableFromInline let trail: ResolutionTrail

    @usableFromInline init(container: Container, trail: ResolutionTrail) {
        self.container = container
        self.trail = trail
    }

    /// A factory's nested resolve, reached through its resolver's source and so unspecialized: a transient
    /// entry is built through `make(_:as:)`, a method of the entry's class, which needs no generic metadata
    /// (each generic type an unspecialized path meets costs a lookup in the runtime's cache: `Entry<T>` to
    /// downcast to, or the `Result<T, DIError>` that `withUnsafeTemporaryAllocation` with a typed throw made,
    /// twice a 3-level graph); the other scopes take the generic path. No `Key` is made unless it is needed
    /// (another scope, an error): unspecialized, copying and destroying one (its optional name and owner)
    /// went through the runtime's value witnesses.
    ///
    /// Written here, not in a method of the container this calls, so that it is inlined into the protocol
    /// witness and a nested resolve is one frame: each frame of an unspecialized function that throws
    /// `DIError` (resilient) asks for the metadata of `DIError` and `Resolver` and sizes their buffers at run
    /// time.
    @usableFromInline @inline(__always)
    func resolve<T>(_ type: T.Type, name: String?, requester: Owner) throws(DIError) -> T {
        guard let found = container.entry(ObjectIdentifier(type), name, requester: requester) else {
            throw container.notRegistered(Key(type, name), requester: requester)
        }
        guard found.scope == .transient else { return try container.resolve(found, Key(type, name), trail: trail, requester: requester) }
        let resolver = try container.childResolver(of: found, trail: trail, requester: requester)
        do {
            return try found.make(resolver, as: T.self)
        } catch {
            throw Container.failure(error, of: found)
        }
    }
}
