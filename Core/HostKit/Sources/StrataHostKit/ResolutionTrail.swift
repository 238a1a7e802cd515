internal import Glibc
import StrataDI

/// What a resolution in progress keeps of where it is.
@usableFromInline
enum ResolutionTrail: Sendable {
    /// Nothing: the fast path, which counts how deep it nests on the thread (`ResolutionDepth`), allocates
    /// nothing per level, and hands a factory the resolver it was asked through when it resolves as the same
    /// requester (a resolver that held the depth had to be built anew at every level).
    case counted
    /// The chain of resolutions, to name a cycle: taken when the fast path nests too deep.
    case chain(ResolutionFrame?)
}

/// How many resolutions the fast path has nested on the calling thread: a factory resolves its dependencies
/// on the thread that called it, so a cycle nests there without end. A counter of the thread's own, shared
/// by every container, found through a `pthread` key: no lock, and one allocation a thread, the first time.
/// (The counter is read and written in place: `pthread_setspecific` at every level cost more than it saved.)
@usableFromInline
struct ResolutionDepth: Sendable {
    private static let sharedKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { counter in counter?.deallocate() }
        precondition(status == 0, "pthread_key_create failed (\(status)): the process has no thread-specific key left")
        return key
    }()

    /// The key, copied into each container so that a resolution reads it without the global's `swift_once`.
    private let key = Self.sharedKey

    @usableFromInline init() {}

    /// Added to the counter when the fast path nests past `Container.depthBeforeCycleCheck`, and kept while the
    /// graph returns: each level `Container.build` made (the graph's first among them) throws the signal again
    /// once its factory has returned, so that a factory that caught it (`try?`, doing without a dependency)
    /// can't end the graph with what it did without, nor a singleton be kept so.
    @inlinable static var overflowed: Int { 1 << 40 }

    /// Goes one resolution deeper on this thread; returns the counter to give `leave(_:)`.
    /// - Throws: `DIError.cycle([])` past `Container.depthBeforeCycleCheck`: the first `resolve` then starts
    ///   again keeping the chain, which names the cycle (an empty chain is that signal, never shown).
    @usableFromInline @inline(__always)
    func enter() throws(DIError) -> UnsafeMutablePointer<Int> {
        let depth = counter()
        if depth.pointee >= Container.depthBeforeCycleCheck { try Self.tooDeep(depth) }
        depth.pointee += 1
        return depth
    }

    /// Past the depth: the counter is marked ``overflowed`` and the signal thrown. A mark with no level under
    /// it is left by a graph that has ended (its first `resolve` started again): it is taken off, and this
    /// resolution, the first of a new graph, goes on.
    @usableFromInline @inline(never)
    static func tooDeep(_ depth: UnsafeMutablePointer<Int>) throws(DIError) {
        if depth.pointee == overflowed {
            depth.pointee = 0
            return
        }
        if depth.pointee < overflowed { depth.pointee += overflowed }
        throw .cycle([])
    }

    /// One resolution back, once the factory called after `enter()` has returned or thrown.
    @usableFromInline @inline(__always)
    func leave(_ depth: UnsafeMutablePointer<Int>) {
        depth.pointee -= 1
    }

    /// This thread's counter.
    @inline(__always)
    private func counter() -> UnsafeMutablePointer<Int> {
        if let counter = pthread_getspecific(key) { return counter.assumingMemoryBound(to: Int.self) }
        return makeCounter()
    }

    /// A counter at 0 for this thread, freed when the thread ends.
    @inline(never)
    private func makeCounter() -> UnsafeMutablePointer<Int> {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        let status = pthread_setspecific(key, counter)
        precondition(status == 0, "pthread_setspecific failed (\(status)): no memory for the thread's resolution depth")
        return counter
    }
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

    /// A nested resolve from a plugin built against SDK 1.2.0 or before, whose inlined `Resolver.resolve` calls
    /// this requirement: the resolver it came through is this source's, for `requester`.
    @usableFromInline
    func resolve<T>(_ type: T.Type, name: String?, requester: Owner) throws(DIError) -> T {
        try resolve(type, name: name, requester: requester, through: Resolver(requester: requester, source: self))
    }

    /// A factory's nested resolve, reached through its resolver's source and so unspecialized: on the fast
    /// path, a transient entry asked for as its own requester is built through `make(_:as:)`, a method of the
    /// entry's class, which needs no generic metadata (each generic type an unspecialized path meets costs a
    /// lookup in the runtime's cache: `Entry<T>` to downcast to, or the `Result<T, DIError>` that
    /// `withUnsafeTemporaryAllocation` with a typed throw made, twice a 3-level graph); the rest (other
    /// scopes, another requester, the chain) take the generic path. No `Key` is made unless it is needed
    /// (the generic path, an error): unspecialized, copying and destroying one (its optional name and owner)
    /// went through the runtime's value witnesses. On the fast path, a factory that resolves as the same
    /// requester gets `parent` itself: no resolver is built, copied or destroyed, no container retained.
    ///
    /// Written here, not in a method of the container this calls, so that it is inlined into the protocol
    /// witness and a nested resolve is one frame: each frame of an unspecialized function that throws
    /// `DIError` (resilient) asks for the metadata of `DIError` and `Resolver` and sizes their buffers at run
    /// time. The container is borrowed for the call, not retained: this step holds it as long (a retain and a
    /// release a level less; the entry is not borrowed so, as an open container may drop it meanwhile).
    @usableFromInline @inline(__always)
    func resolve<T>(_ type: T.Type, name: String?, requester: Owner, through parent: Resolver) throws(DIError) -> T {
        do {
            return try Unmanaged.passUnretained(container)._withUnsafeGuaranteedRef { container throws(DIError) in
                try resolve(type, name: name, requester: requester, through: parent, in: container)
            }
        } catch {
            throw error as! DIError  // the body throws nothing else; `_withUnsafeGuaranteedRef` only rethrows
        }
    }

    @inline(__always)
    private func resolve<T>(_ type: T.Type, name: String?, requester: Owner, through parent: Resolver, in container: Container) throws(DIError) -> T {
        guard let found = container.entry(ObjectIdentifier(type), name, requester: requester) else {
            throw container.notRegistered(Key(type, name), requester: requester)
        }
        // Another scope, another requester (a plugin's entry asked for by the host or another plugin: counted
        // too, or a cycle between two plugins would nest until the stack ran out), or the chain.
        guard found.scope == .transient, case .counted = trail, Container.asks(as: requester, for: found.owner) else {
            return try container.resolve(found, Key(type, name), trail: trail, requester: requester)
        }
        // Written out again, not through a method shared with `Container.build`: that cost 11 instructions a
        // level (callgrind).
        let depth = try container.depth.enter()
        defer { container.depth.leave(depth) }
        do {
            return try found.make(parent, as: T.self)
        } catch {
            throw Container.failure(error, of: found)
        }
    }
}
