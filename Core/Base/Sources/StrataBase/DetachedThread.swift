internal import Glibc

/// Runs `body` on a new detached thread named `name` (as `ps -L` and `top` show it, 15 bytes at most):
/// `Foundation.Thread` without Foundation, for the SDK libraries that the host links, and a thread of its own
/// for work that blocks, so that it never holds a thread of Swift's cooperative pool.
/// - Returns: `false` if the system would not make a thread (`body` is not run then).
public func detachThread(named name: String, _ body: sending @escaping () -> Void) -> Bool {
    final class Job {
        let name: String
        let body: () -> Void

        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }
    let job = Unmanaged.passRetained(Job(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let started = pthread_create(
        &thread, &attributes,
        { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            // `pthread_setname_np` is a GNU extension that Glibc's module doesn't show; this is what it does.
            let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if comm >= 0 {
                _ = Array(job.name.utf8.prefix(15)).withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
                close(comm)
            }
            job.body()
            return nil
        }, job)
    if started != 0 { Unmanaged<Job>.fromOpaque(job).release() }
    return started == 0
}
