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

    /// Called through the existential, so unspecialized: see `Container.resolveNested`.
    @usableFromInline
    func resolve<T>(_ type: T.Type, name: String?, requester: Owner) throws(DIError) -> T {
        try container.resolveNested(type, name, trail: trail, requester: requester)
    }
}
