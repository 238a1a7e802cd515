internal import Glibc

/// A lock the thread holding it may take again, over a `pthread` recursive mutex. Its one user is the DI
/// container's build of singletons and weak instances: a factory resolves the instances it needs, which are
/// built under the same lock on the same thread, and a cycle is found by the depth of that nesting. Shared
/// state elsewhere is guarded by Synchronization's `Mutex`, which is not re-entrant. It lives beside the container,
/// out of the SDK plugins link (which guards its state with `Mutex` alone), and is not `NSRecursiveLock` so
/// that the host kit needs only FoundationEssentials, not Foundation.
@usableFromInline final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @usableFromInline func lock() { pthread_mutex_lock(mutex) }

    @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }
}
