import Synchronization

/// What other threads may do to a running transfer: cancel it.
///
/// `cancel()` sets a flag the worker reads on each turn of its loop, then wakes the worker from
/// `curl_multi_poll`, so the transfer ends at once. A wake that comes before the worker polls is not
/// lost: libcurl keeps it, and the next poll returns at once.
final class CurlTransferControl: Sendable {
    private let cancelled = Atomic(false)
    private let wake: @Sendable () -> Void

    /// A control whose `cancel()` calls `wake` to have the transfer's worker look at it.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Whether `cancel()` was called.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Cancels the transfer: its worker sees it as soon as it wakes, and it is woken now.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        wake()
    }
}
