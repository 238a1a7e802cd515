import Glibc
import Synchronization

/// Starts a task on the thread that asks, and runs it there up to its first suspension: the helper's reader
/// starts each command where its request arrived, with no wake-up of another thread (a hop to the global
/// pool cost about a third of a round trip, RESULTS.md §7).
///
/// Unlike `Task.immediate`, which hands back the task only once that first part has run, the caller gets the
/// task before any of it runs, so Ctrl-C can cancel a command whose start never suspends (it spins, or it
/// waits on its own thread for its HTTP answer: ``HelperFrameReader`` then lets another thread read).
///
/// How: the task prefers this executor, and while ``start(_:holding:)`` creates it, the task's first job
/// (enqueued by the runtime on this thread, inside `Task.init`) is kept and run right after the caller has
/// the task. Every other job this executor gets (the rest of the task after a suspension, its child tasks)
/// goes to the global concurrent executor, as it would without a preference.
final class HelperInlineStart: TaskExecutor {
    /// The thread creating a task now, and its first job once the runtime enqueued it.
    private let claim = Mutex<(thread: pthread_t?, job: UnownedJob?)>((nil, nil))

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let kept = claim.withLock { claim in
            guard let thread = claim.thread, pthread_equal(thread, pthread_self()) != 0, claim.job == nil else { return false }
            claim.job = job
            return true
        }
        if !kept { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// Creates a task running `operation`, gives it to `holding` (which keeps it to cancel), then runs it on
    /// this thread until it first suspends or ends.
    func start(_ operation: sending @escaping () async -> Void, holding: (Task<Void, Never>) -> Void) {
        claim.withLock { $0 = (pthread_self(), nil) }
        let task = Task(executorPreference: self, operation: operation)
        let first = claim.withLock { claim in
            defer { claim = (nil, nil) }
            return claim.job
        }
        holding(task)
        // Sound: the runtime enqueued this job to this executor and nobody else holds it; it runs exactly once.
        first?.runSynchronously(on: asUnownedTaskExecutor())
    }
}
