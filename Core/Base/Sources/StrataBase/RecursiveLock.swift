internal import Glibc

/// A lock the thread holding it may take again, over a `pthread` recursive mutex: what the DI container's
/// singleton builds (a factory that resolves another singleton) and SQLite's connection need. It is here
/// rather than `NSRecursiveLock` so that the SDK libraries the host links need only FoundationEssentials,
/// not Foundation.
public final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
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

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }
}
