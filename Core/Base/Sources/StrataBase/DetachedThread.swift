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
            nameCallingThread(job.name)
            job.body()
            return nil
        }, job)
    if started != 0 { Unmanaged<Job>.fromOpaque(job).release() }
    return started == 0
}

/// Names the calling thread (15 bytes at most) with `prctl(PR_SET_NAME)`, as glibc's `pthread_setname_np` does for
/// the calling thread (a GNU extension that Glibc's module doesn't show, and `prctl` is variadic: both are out of
/// Swift's reach but through their address). Not by writing `/proc/thread-self/comm`: that leaves the thread's
/// entries in /proc, which the kernel sweeps, contended, each time such a process is reaped (about 3 ms of CPU
/// a process on a 2-core VM, RESULTS.md §7).
private func nameCallingThread(_ name: String) {
    guard let prctl = prctlAddress else { return }
    var bytes = Array(name.utf8.prefix(15))
    bytes.append(0)
    typealias Prctl = @convention(c) (Int32, UnsafeRawPointer?, UInt, UInt, UInt) -> Int32
    _ = bytes.withUnsafeBytes { unsafeBitCast(prctl, to: Prctl.self)(15 /* PR_SET_NAME */, $0.baseAddress, 0, 0, 0) }
}
nonisolated(unsafe) private let prctlAddress = dlsym(nil, "prctl")
