import StrataDI
import Synchronization

/// A registration as the container stores it; `Entry<T>` adds the typed factory and instance storage.
@usableFromInline
class AnyEntry: @unchecked Sendable {
    @usableFromInline let key: Key
    @usableFromInline let owner: Owner
    @usableFromInline let scope: Scope
    /// A singleton's instance once built: the address of a retained `InstanceBox<T>` (0 until built), published once, read lock-free.
    /// (`Atomic` is inlined; `AtomicLazyReference` is not, and would cost a metadata lookup per read.)
    @usableFromInline let published = Atomic<Int>(0)

    init(key: Key, owner: Owner, scope: Scope) {
        self.key = key
        self.owner = owner
        self.scope = scope
    }

    deinit {
        if let instance = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring)) { Unmanaged<AnyObject>.fromOpaque(instance).release() }
    }

    /// The published instance, if built.
    @inlinable
    func publishedInstance<T>(as type: T.Type) -> T? {
        guard let instance = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<InstanceBox<T>>.fromOpaque(instance).takeUnretainedValue().value
    }

    /// Publishes `instance` unless one already is; returns the one that stays.
    @usableFromInline
    func publish<T>(_ instance: T) -> T {
        let box = Unmanaged.passRetained(InstanceBox(instance))
        let (exchanged, original) = published.compareExchange(expected: 0, desired: Int(bitPattern: box.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return instance }
        box.release()
        return Unmanaged<InstanceBox<T>>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue().value
    }

    /// Builds an instance of the registered type, `type` (`Entry<T>` does; it traps if `type` is another).
    func make<U>(_ resolver: Resolver, as type: U.Type) throws -> U {
        preconditionFailure("every entry is an Entry<T>")
    }

    var registration: Registration {
        Registration(owner: owner, type: key.typeName, name: key.name, scope: scope, exported: key.scope == nil)
    }
}

/// The boxed instance of a singleton, published once through an atomic reference.
@usableFromInline
final class InstanceBox<T>: @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}

/// The weakly held instance of a `.weak` registration; read and written under the container's build lock.
@usableFromInline
final class WeakBox: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?
    init() {}
}

@usableFromInline
final class Entry<T>: AnyEntry, @unchecked Sendable {
    @usableFromInline let factory: @Sendable (Resolver) throws -> T
    @usableFromInline let weakInstance = WeakBox()

    init(key: Key, owner: Owner, scope: Scope, factory: @escaping @Sendable (Resolver) throws -> T) {
        self.factory = factory
        super.init(key: key, owner: owner, scope: scope)
    }

    /// The factory is called as one returning `U` (the same type: checked), so that it builds its value in
    /// the caller's storage: casting the value instead (`_identityCast`) copied it through the runtime's value
    /// witnesses and destroyed the original. Both functions are called with `T` and `U` unknown here (this
    /// method is reached through the class's table), so they are passed and return alike.
    override func make<U>(_ resolver: Resolver, as type: U.Type) throws -> U {
        precondition(T.self == U.self, "Entry<\(T.self)>.make(as: \(U.self))")
        return try unsafeBitCast(factory, to: (@Sendable (Resolver) throws -> U).self)(resolver)
    }
}
