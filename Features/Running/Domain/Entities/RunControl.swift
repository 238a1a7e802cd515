import Synchronization

/// Lets a person stop a run that is going on (from a key press or a signal handler).
public final class RunControl: Sendable {
    private let cancelled = Mutex(false)

    public init() {}

    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    public var isCancelled: Bool {
        cancelled.withLock { $0 }
    }
}
