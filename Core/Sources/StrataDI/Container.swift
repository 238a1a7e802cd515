internal import FoundationEssentials
import StrataBase
import Synchronization

/// The dependency-injection container that the host and every plugin share.
///
/// Registration happens while plugins load; each entry remembers its owner, and only its owner may
/// replace it. `freeze()` ends registration: from then on the table is immutable and every resolution
/// reads it without a lock, from any thread. A singleton is built exactly once even when many threads
/// ask for it at the same moment.
///
/// Registering with an owner, freezing, thawing and removing are the host's operations, published as
/// `@_spi(StrataHost)`: a plugin that imports StrataDI as plugins do cannot call them (it registers through
/// `PluginContext.register`, always as itself), so it can neither pose as the host or another plugin nor
/// end or undo anyone's registrations.
/// `@_fixed_layout`: its stored properties are ABI for good, read directly by the inlined fast path (see `Owner`).
@_fixed_layout
public final class Container: Sendable {
    /// The table before `freeze()`: guarded by a mutex.
    private let open = Mutex<[Key: AnyEntry]>([:])
    /// The table after `freeze()`: the address of a retained `FrozenTable` (0 before `freeze()`), published once, immutable, read lock-free.
    @usableFromInline let frozenPointer = Atomic<Int>(0)
    /// Serializes the building of singletons and weak instances (recursive: factories resolve others).
    @usableFromInline let buildLock = RecursiveLock()

    /// Creates an empty, unfrozen container.
    public init() {}

    deinit {
        if let table = UnsafeRawPointer(bitPattern: frozenPointer.load(ordering: .acquiring)) { Unmanaged<FrozenTable>.fromOpaque(table).release() }
    }

    /// The frozen table, or `nil` before `freeze()`.
    @inlinable
    var frozenTable: FrozenTable? {
        UnsafeRawPointer(bitPattern: frozenPointer.load(ordering: .acquiring)).map { Unmanaged<FrozenTable>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: Registration

    /// Registers a factory for `type` (and `name`).
    /// - Parameters:
    ///   - type: the type asked for, usually a protocol (`(any SearchMoviesUseCase).self`).
    ///   - name: tells apart several registrations of one type.
    ///   - scope: how long an instance lives.
    ///   - owner: who registers; only the same owner may later replace this entry.
    ///   - isPrivate: whether only `owner` (and the host) may resolve it. A plugin's own registrations are
    ///     (`PluginContext.register`); the host's services and what a plugin exports are not.
    ///   - factory: builds an instance, resolving its own dependencies through the resolver it gets. The
    ///     resolver is valid only during the call.
    /// - Throws: `DIError.frozen` after `freeze()`; `DIError.ownedByOther` if another owner holds the key.
    @_spi(StrataHost)
    public func register<T>(_ type: T.Type = T.self, name: String? = nil, scope: Scope = .transient, owner: Owner,
                            isPrivate: Bool = false, factory: @escaping @Sendable (Resolver) throws -> T) throws(DIError) {
        let key = Key(type, name, scope: isPrivate ? owner : nil)
        let entry = Entry(key: key, owner: owner, scope: scope, factory: factory)
        let problem: DIError? = open.withLock { table in
            if frozenTable != nil { return .frozen(type: key.typeName, name: name, attemptedBy: owner) }
            if let existing = table[key], existing.owner != owner {
                return .ownedByOther(type: key.typeName, name: name, owner: existing.owner, attemptedBy: owner)
            }
            table[key] = entry
            return nil
        }
        if let problem { throw problem }
    }

    /// Removes every registration of `owner` (used when a plugin fails halfway through registering).
    /// - Returns: how many were removed; nothing is removed once the container is frozen.
    @_spi(StrataHost) @discardableResult
    public func removeRegistrations(ownedBy owner: Owner) -> Int {
        open.withLock { table in
            guard frozenTable == nil else { return 0 }
            let keys = table.filter { $0.value.owner == owner }.map(\.key)
            keys.forEach { table[$0] = nil }
            return keys.count
        }
    }

    /// Ends registration. Later `register` calls throw `DIError.frozen`; resolutions become lock-free.
    @_spi(StrataHost)
    public func freeze() {
        open.withLock { table in
            guard frozenTable == nil else { return }
            let frozen = Unmanaged.passRetained(FrozenTable(entries: table))
            frozenPointer.store(Int(bitPattern: frozen.toOpaque()), ordering: .releasing)
        }
    }

    /// Opens a frozen container for more registrations: the host activates a plugin when it is first used,
    /// after others have been resolving. Entries and the singletons they built are kept; until the next
    /// `freeze()`, resolutions take the locked path. The frozen table is deliberately never released: a
    /// lock-free reader may still be borrowing it (it costs one small table per activation).
    @_spi(StrataHost)
    public func thaw() {
        open.withLock { _ in
            _ = frozenPointer.exchange(0, ordering: .acquiringAndReleasing)
        }
    }

    /// Whether `freeze()` has been called (and no `thaw()` since).
    public var isFrozen: Bool { frozenTable != nil }

    /// Every registration, sorted by owner, type and name.
    public var registrations: [Registration] {
        let entries = frozenTable?.entries ?? open.withLock { $0 }
        return entries.values.map(\.registration).sorted {
            ($0.owner, $0.type, $0.name ?? "") < ($1.owner, $1.type, $1.name ?? "")
        }
    }

    // MARK: Resolution

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
            return try resolve(key, trail: .depth(0), requester: requester)
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
                      let box = UnsafeRawPointer(bitPattern: entry.published.load(ordering: .acquiring)) else { return nil }
                return Unmanaged<InstanceBox<T>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
            }
        }
    }

    @inlinable
    func resolve<T>(_ key: Key, trail: ResolutionTrail, requester: Owner) throws(DIError) -> T {
        let found: AnyEntry? = if let table = UnsafeRawPointer(bitPattern: frozenPointer.load(ordering: .acquiring)) {
            Unmanaged<FrozenTable>.fromOpaque(table)._withUnsafeGuaranteedRef {
                $0.borrowedLookup(key.type, key.name, requester: requester)?.takeUnretainedValue()
            }
        } else {
            openEntry(key, requester: requester)
        }
        guard let found else { throw notRegistered(key, requester: requester) }
        let entry = unsafeDowncast(found, to: Entry<T>.self)
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

    /// How many resolutions may nest before the container looks for a cycle: far deeper than any graph
    /// without one, and shallow enough for any thread's stack.
    @usableFromInline static let depthBeforeCycleCheck = 64

    @inlinable
    func build<T>(_ entry: Entry<T>, trail: ResolutionTrail, requester: Owner) throws(DIError) -> T {
        let inner: ResolutionTrail
        switch trail {
        case .depth(let depth):
            // No chain is kept on the fast path (a frame per level would be an allocation); past this depth,
            // the first `resolve` starts again with one (an empty chain is that signal, never shown).
            if depth == Self.depthBeforeCycleCheck { throw .cycle([]) }
            inner = .depth(depth + 1)
        case .chain(let frame):
            if let chain = frame?.cycle(closing: entry.key) { throw .cycle(chain) }
            inner = .chain(ResolutionFrame(key: entry.key, parent: frame))
        }
        // A plugin's factory resolves as that plugin (it may use its own private registrations); the host's
        // services resolve on behalf of whoever asked.
        let resolver = Resolver(container: self, trail: inner, requester: entry.owner == .host ? requester : entry.owner)
        do {
            return try entry.factory(resolver)
        } catch let error as DIError {
            throw error
        } catch {
            throw .factoryFailed(type: entry.key.typeName, name: entry.key.name, owner: entry.owner, reason: "\(error)")
        }
    }

    /// The entry `requester` gets for `key`'s type and name before `freeze()` (see `Container.visible`).
    @usableFromInline
    func openEntry(_ key: Key, requester: Owner) -> AnyEntry? {
        open.withLock { table in
            Self.visible(to: requester, among: table.values.lazy.filter { $0.key.type == key.type && $0.key.name == key.name })
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
    @inlinable
    static func rank(of scope: Owner?, for requester: Owner) -> Int? {
        switch scope {
        case requester: 0
        case nil: requester == .host ? 0 : 1
        default: requester == .host ? 2 : nil
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
        let otherTypes = key.name.map { name in
            entries.keys.filter { $0.name == name && $0.type != key.type }.map(\.typeName).sorted()
        } ?? []
        return .notRegistered(type: key.typeName, name: key.name, requester: requester,
                              sameTypeOtherNames: otherNames, sameNameOtherTypes: otherTypes)
    }
}

/// The registration table once frozen: an open-addressing hash table keyed by the type's address, so a
/// lookup is a multiply, a shift and a compare or two (no SipHash on the hot path).
/// `@_fixed_layout`: its stored properties are ABI for good, read directly by the inlined fast path (see `Owner`).
@_fixed_layout @usableFromInline
final class FrozenTable: Sendable {
    /// Owns the entries; the slots only borrow them.
    let entries: [Key: AnyEntry]
    /// The slots as unretained references in a plain buffer, read without touching reference counts.
    @usableFromInline nonisolated(unsafe) let borrowedSlots: UnsafeMutablePointer<Unmanaged<AnyEntry>?>
    @usableFromInline let mask: Int
    @usableFromInline let shift: Int

    init(entries: [Key: AnyEntry]) {
        self.entries = entries
        var bits = 4
        while 1 << bits < entries.count * 2 { bits += 1 }
        shift = UInt.bitWidth - bits
        mask = (1 << bits) - 1
        var slots = [AnyEntry?](repeating: nil, count: 1 << bits)
        for entry in entries.values {
            var index = Self.slot(entry.key.type, entry.key.name, shift: shift)
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = entry
        }
        borrowedSlots = .allocate(capacity: slots.count)
        borrowedSlots.initialize(from: slots.map { $0.map(Unmanaged.passUnretained) }, count: slots.count)
    }

    deinit { borrowedSlots.deallocate() }

    /// The entry `requester` gets for a type and name (its own private one, else the shared one; see
    /// `Container.visible`), without retaining anything: it stays alive as long as the table does.
    @inlinable
    func borrowedLookup(_ type: ObjectIdentifier, _ name: String?, requester: Owner) -> Unmanaged<AnyEntry>? {
        var index = Self.slot(type, name, shift: shift)
        var best: (slot: Unmanaged<AnyEntry>, rank: Int)?
        while let slot = borrowedSlots[index] {
            let rank = slot._withUnsafeGuaranteedRef { entry in
                entry.key.type == type && entry.key.name == name ? Container.rank(of: entry.key.scope, for: requester) : nil
            }
            if let rank {
                if rank == 0 { return slot }
                if best.map({ rank < $0.rank }) ?? true { best = (slot, rank) }
            }
            index = (index + 1) & mask
        }
        return best?.slot
    }

    @inlinable
    static func slot(_ type: ObjectIdentifier, _ name: String?, shift: Int) -> Int {
        // Unnamed lookups (the hot path) hash only the type's address; names are mixed in so that many names
        // of one type don't probe linearly.
        let seed = UInt(bitPattern: type) ^ (name.map { UInt(bitPattern: $0.hashValue) } ?? 0)
        return Int(truncatingIfNeeded: (seed &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }
}
