import Synchronization

/// A registration as the container stores it; `Entry<T>` adds the typed factory and instance storage.
class AnyEntry: @unchecked Sendable {
    let key: Key
    let owner: Owner
    let scope: Scope

    init(key: Key, owner: Owner, scope: Scope) {
        self.key = key
        self.owner = owner
        self.scope = scope
    }

    var registration: Registration {
        Registration(owner: owner, type: key.typeName, name: key.name, scope: scope)
    }
}

/// The boxed instance of a singleton, published once through an atomic reference.
final class InstanceBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The weakly held instance of a `.weak` registration; read and written under the container's build lock.
final class WeakBox: @unchecked Sendable {
    weak var object: AnyObject?
}

final class Entry<T>: AnyEntry, @unchecked Sendable {
    let factory: @Sendable (Resolver) throws -> T
    /// Set once when a singleton is built; read without a lock afterwards.
    let singleton = AtomicLazyReference<InstanceBox<T>>()
    let weakInstance = WeakBox()

    init(key: Key, owner: Owner, scope: Scope, factory: @escaping @Sendable (Resolver) throws -> T) {
        self.factory = factory
        super.init(key: key, owner: owner, scope: scope)
    }
}
