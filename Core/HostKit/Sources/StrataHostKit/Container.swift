import FoundationEssentials
import StrataBase
import StrataDI
import Synchronization

/// The dependency-injection container that the host and every plugin share.
///
/// Registration happens while plugins load; each entry remembers its owner, and only its owner may
/// replace it. `freeze()` ends registration: from then on the table is immutable and every resolution
/// reads it without a lock, from any thread. A singleton is built exactly once even when many threads
/// ask for it at the same moment.
///
/// The container is the host's: it lives in StrataHostKit, which plugins do not link. A plugin reaches it
/// only through its `PluginContext` (registering always as itself) and the `Resolver` its factories get,
/// so it can neither pose as the host or another plugin nor end or undo anyone's registrations.
public final class Container: Sendable {
    /// The table before `freeze()`: guarded by a mutex.
    let open = Mutex<[Key: AnyEntry]>([:])
    /// The table after `freeze()`: the address of a retained `FrozenTable` (0 before `freeze()`), published once, immutable, read lock-free.
    @usableFromInline let frozenPointer = Atomic<Int>(0)
    /// Serializes the building of singletons and weak instances (recursive: factories resolve others).
    @usableFromInline let buildLock = RecursiveLock()
    /// How deep the fast path has nested resolutions on each thread, to find a cycle.
    @usableFromInline let depth = ResolutionDepth()

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
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = .transient, owner: Owner,
        isPrivate: Bool = false, factory: @escaping @Sendable (Resolver) throws -> T
    ) throws(DIError) {
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
    @discardableResult
    public func removeRegistrations(ownedBy owner: Owner) -> Int {
        open.withLock { table in
            guard frozenTable == nil else { return 0 }
            let keys = table.filter { $0.value.owner == owner }.map(\.key)
            keys.forEach { table[$0] = nil }
            return keys.count
        }
    }

    /// Ends registration. Later `register` calls throw `DIError.frozen`; resolutions become lock-free.
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
}
