internal import CCurl
import Synchronization

/// What other threads may do to a running transfer: cancel it.
///
/// While the transfer runs, its thread attaches its multi handle here, so that `cancel()` wakes it from
/// `curl_multi_poll` at once; it detaches the handle before cleaning it up, under the same lock, so a
/// late cancellation never wakes a handle that is gone.
final class CurlTransferControl: Sendable {
    /// A multi handle, for `curl_multi_wakeup` only: the one libcurl call allowed from any thread.
    struct WakeableHandle: @unchecked Sendable {
        let multi: OpaquePointer
    }

    private struct State {
        var isCancelled = false
        var handle: WakeableHandle?
    }

    private let state = Mutex(State())

    /// Whether `cancel()` was called.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the transfer: its thread sees it as soon as it wakes, and it is woken now.
    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            if let handle = state.handle { _ = ccurl_multi_wakeup(handle.multi) }
        }
    }

    /// Makes `multi` the handle `cancel()` wakes (`nil`: none, before it is cleaned up).
    func attach(_ multi: OpaquePointer?) {
        let handle = multi.map(WakeableHandle.init)
        state.withLock { $0.handle = handle }
    }
}
