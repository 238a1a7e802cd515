#if canImport(Glibc)
internal import Glibc
#endif

/// Starts threads of their own for work that blocks, so that it never holds a thread of Swift's
/// cooperative pool.
enum DetachedThread {
    /// Runs `body` on a new detached thread.
    /// - Returns: `false` if the system would not make a thread (`body` is not run then).
    static func start(_ body: sending @escaping () -> Void) -> Bool {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, job)
        if started != 0 { Unmanaged<Job>.fromOpaque(job).release() }
        return started == 0
    }

    private final class Job {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }
}
