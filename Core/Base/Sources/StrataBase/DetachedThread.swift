internal import Glibc

/// Runs `body` on a new detached thread named `name` (as `ps -L` and `top` show it, 15 bytes at most):
/// `Foundation.Thread` without Foundation, for the SDK libraries that the host links.
public func detachThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    let context = Unmanaged.passRetained(Box {
        // `pthread_setname_np` is a GNU extension that Glibc's module doesn't show; this is what it does.
        let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
            close(comm)
        }
        body()
    }).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body()
        return nil
    }, context)
    precondition(started == 0, "can't start the thread \(name): \(String(cString: strerror(started)))")
    pthread_detach(thread)
}
