import StrataBase
import StrataDI
import Synchronization

/// Resolution: the lock-free read of a frozen table, the locked one before `freeze()`, building with a
/// resolver handed on or made (one step deeper on the chain that names a cycle), and the errors that name
/// what is registered nearby.
extension Container {
    /// Resolves an instance of `type` (and `name`).
    /// - Parameter requester: who asks, named in errors; there is no default, so no one asks as the host by
    ///   accident.
    /// - Throws: `DIError.notRegistered` (with what is registered nearby), `.privateRegistration` when it is
    ///   another plugin's and not exported, `.cycle`, `.factoryFailed`.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil, requester: Owner) throws(DIError) -> T {
        if let instance: T = frozenSingleton(type, name, requester: requester) { return instance }
        return try resolveFirst(Key(type, name), requester: requester)
    }

    /// The first resolution of a graph, on the fast path; kept out of `resolve` so that the singleton read
    /// above stays small where it is inlined.
    @inlinable @inline(never)
    func resolveFirst<T>(_ key: Key, requester: Owner) throws(DIError) -> T {
        do {
            return try resolve(key, trail: .counted, requester: requester)
        } catch .cycle(let chain) where chain.isEmpty {
            // Deeper than a graph without a cycle goes: resolve again keeping the chain, which names the
            // cycle (or, for a graph that is only deep, finishes it).
            return try resolve(key, trail: .chain(nil), requester: requester)
        }
    }

    /// The fast path: a singleton already built in a frozen container, read with no lock. Inlined into the
    /// caller so that it is specialized for `T` (an unspecialized generic would look up `Entry<T>`'s
    /// metadata at run time on every call).
    ///
    /// No reference count is touched on the way (the table, the entry and the box are borrowed, not
    /// retained): on several cores, retains of shared objects would bounce their cache lines between the
    /// cores and stop reads from scaling. Only the returned instance is retained, as it must be.
    @inlinable
    func frozenSingleton<T>(_ type: T.Type, _ name: String?, requester: Owner) -> T? {
        guard let table = UnsafeRawPointer(bitPattern: frozenPointer.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<FrozenTable>.fromOpaque(table)._withUnsafeGuaranteedRef { table in
            guard let found = table.borrowedLookup(ObjectIdentifier(type), name, requester: requester) else { return nil }
            return found._withUnsafeGuaranteedRef { entry in
                guard entry.scope == .singleton,
                    let box = UnsafeRawPointer(bitPattern: entry.published.load(ordering: .acquiring))
                else { return nil }
                return Unmanaged<InstanceBox<T>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
            }
        }
    }

    @inlinable
    func resolve<T>(_ key: Key, trail: ResolutionTrail, requester: Owner) throws(DIError) -> T {
        guard let found = entry(for: key, requester: requester) else { throw notRegistered(key, requester: requester) }
        return try resolve(found, key, trail: trail, requester: requester)
    }

    /// Resolves `found`, the entry `requester` gets for `key`.
    @inlinable
    func resolve<T>(_ found: AnyEntry, _ key: Key, trail: ResolutionTrail, requester: Owner) throws(DIError) -> T {
        let entry = unsafeDowncast(found, to: Entry<T>.self)
        guard entry.scope == .transient else { return try resolveKept(entry, key, trail: trail, requester: requester) }
        return try build(entry, trail: trail, requester: requester)
    }

    /// Resolves `entry`, of a scope that keeps its instance (a singleton, a weak one). Apart, so that the first
    /// `resolve` of a transient graph is one function with `build` inlined: with the scopes here and `build`
    /// asking after its factory, `build` was called, 41–57 instructions more a 3-level graph (callgrind).
    @inlinable @inline(never)
    func resolveKept<T>(_ entry: Entry<T>, _ key: Key, trail: ResolutionTrail, requester: Owner) throws(DIError) -> T {
        switch entry.scope {
        case .transient:
            return try build(entry, trail: trail, requester: requester)
        case .singleton:
            if let instance = entry.publishedInstance(as: T.self) { return instance }
            buildLock.lock()
            defer { buildLock.unlock() }
            if let instance = entry.publishedInstance(as: T.self) { return instance }
            return entry.publish(try build(entry, trail: trail, requester: requester))
        case .weak:
            buildLock.lock()
            defer { buildLock.unlock() }
            if let object = entry.weakInstance.object, let instance = object as? T { return instance }
            let instance = try build(entry, trail: trail, requester: requester)
            guard Swift.type(of: instance as Any) is AnyClass else {
                throw .weakScopeNeedsClass(type: key.typeName, name: key.name, owner: entry.owner)
            }
            entry.weakInstance.object = instance as AnyObject
            return instance
        }
    }

    /// The entry `requester` gets for `key`: from the frozen table without a lock, else from the open one.
    @inlinable
    func entry(for key: Key, requester: Owner) -> AnyEntry? {
        entry(key.type, key.name, requester: requester)
    }

    /// The entry `requester` gets for a type and name.
    @inlinable
    func entry(_ type: ObjectIdentifier, _ name: String?, requester: Owner) -> AnyEntry? {
        if let table = UnsafeRawPointer(bitPattern: frozenPointer.load(ordering: .acquiring)) {
            Unmanaged<FrozenTable>.fromOpaque(table)._withUnsafeGuaranteedRef {
                $0.borrowedLookup(type, name, requester: requester)?.takeUnretainedValue()
            }
        } else {
            openEntry(type, name, requester: requester)
        }
    }

    /// How many resolutions may nest before the container looks for a cycle: far deeper than any graph
    /// without one, and shallow enough for any thread's stack.
    @usableFromInline static let depthBeforeCycleCheck = 64

    /// Builds `entry` with its factory: on the fast path one level deeper, and afterwards the signal to start
    /// again if a resolution below went past the depth (``ResolutionDepth/overflowed``) even though the factory
    /// returned.
    @inlinable @inline(__always)
    func build<T>(_ entry: Entry<T>, trail: ResolutionTrail, requester: Owner) throws(DIError) -> T {
        var depth: UnsafeMutablePointer<Int>?
        if case .counted = trail { depth = try self.depth.enter() }
        defer { if let depth { self.depth.leave(depth) } }
        let resolver = try childResolver(of: entry, trail: trail, requester: requester)
        do {
            let instance = try entry.factory(resolver)
            if let depth, depth.pointee >= ResolutionDepth.overflowed { throw DIError.cycle([]) }
            return instance
        } catch {
            throw Self.failure(error, of: entry)
        }
    }

    /// What a factory threw, as the container reports it: a `DIError` as it is, anything else as the
    /// factory's failure.
    @usableFromInline
    static func failure(_ error: any Error, of entry: AnyEntry) -> DIError {
        (error as? DIError) ?? .factoryFailed(type: entry.key.typeName, name: entry.key.name, owner: entry.owner, reason: "\(error)")
    }

    /// The resolver `entry`'s factory gets: on the fast path, one over the same trail (the depth is the
    /// thread's, counted by the caller); on the chain, one step deeper, or the cycle it closes.
    @inlinable
    func childResolver(of entry: AnyEntry, trail: ResolutionTrail, requester: Owner) throws(DIError) -> Resolver {
        let inner: ResolutionTrail
        switch trail {
        case .counted:
            inner = .counted
        case .chain(let frame):
            if let chain = frame?.cycle(closing: entry.key) { throw .cycle(chain) }
            inner = .chain(ResolutionFrame(key: entry.key, parent: frame))
        }
        let asking = Self.asks(as: requester, for: entry.owner) ? requester : entry.owner
        return Resolver(requester: asking, source: ResolutionStep(container: self, trail: inner))
    }

    /// Whether the factory of an entry of `owner` resolves as `requester`, who asked for it: a plugin's
    /// factory resolves as that plugin (it may use its own private registrations); the host's services
    /// resolve on behalf of whoever asked. (Matched by case, not with `==`, a call into the SDK library.)
    @inlinable
    static func asks(as requester: Owner, for owner: Owner) -> Bool {
        switch (owner, requester) {
        case (.host, _): true
        case (.plugin(let owner), .plugin(let asking)): owner == asking
        case (.plugin, .host): false
        }
    }

    /// The entry `requester` gets for a type and name before `freeze()` (see `Container.visible`).
    @usableFromInline
    func openEntry(_ type: ObjectIdentifier, _ name: String?, requester: Owner) -> AnyEntry? {
        open.withLock { table in
            Self.visible(to: requester, among: table.values.lazy.filter { $0.key.type == type && $0.key.name == name })
        }
    }

    /// Of the entries of one type and name, the one `requester` resolves: the one of lowest ``rank(of:for:)``.
    @usableFromInline
    static func visible(to requester: Owner, among candidates: some Sequence<AnyEntry>) -> AnyEntry? {
        var best: (entry: AnyEntry, rank: Int)?
        for entry in candidates {
            guard let rank = rank(of: entry.key.scope, for: requester) else { continue }
            if rank == 0 { return entry }
            if best.map({ rank < $0.rank }) ?? true { best = (entry, rank) }
        }
        return best?.entry
    }

    /// How `requester` ranks an entry of namespace `scope` among those of one type and name; nil when it
    /// may not see it. 0: its own private one, or the shared one for the host (no better can follow);
    /// 1: the shared one; 2: another plugin's private one, which only the host (opening every plugin's
    /// screens) gets.
    /// (Matched by case, not with `==`: `Owner`'s `==` is a call into the SDK library, and this runs for every
    /// entry a lookup meets.)
    @inlinable
    static func rank(of scope: Owner?, for requester: Owner) -> Int? {
        switch (scope, requester) {
        case (nil, .host): 0
        case (nil, .plugin): 1
        case (.host, .host): 0
        case (.plugin(let owner), .plugin(let asking)): owner == asking ? 0 : nil
        case (.plugin, .host): 2
        case (.host, .plugin): nil
        }
    }

    @usableFromInline
    func notRegistered(_ key: Key, requester: Owner) -> DIError {
        let entries = frozenTable?.entries ?? open.withLock { $0 }
        if let owner = entries.keys.filter({ $0.type == key.type && $0.name == key.name }).compactMap(\.scope).min() {
            return .privateRegistration(type: key.typeName, name: key.name, owner: owner, requester: requester)
        }
        let otherNames = entries.keys.filter { $0.type == key.type && $0.name != key.name }.map(\.name)
            .sorted { ($0 ?? "") < ($1 ?? "") }
        let otherTypes =
            key.name.map { name in
                entries.keys.filter { $0.name == name && $0.type != key.type }.map(\.typeName).sorted()
            } ?? []
        return .notRegistered(
            type: key.typeName, name: key.name, requester: requester,
            sameTypeOtherNames: otherNames, sameNameOtherTypes: otherTypes)
    }
}
