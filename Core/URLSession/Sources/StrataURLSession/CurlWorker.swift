internal import CCurl
import StrataBase
import StrataNetworking
import Synchronization

/// The thread that runs all of a client's transfers on one libcurl multi handle, so that they share its
/// connection cache (a request to a host the client talked to lately reuses the open connection, TCP and
/// TLS), its DNS cache, and, through a share handle, TLS sessions.
///
/// libcurl does not support one connection cache on several threads at once, so one thread drives it:
/// the worker, started by the first request and living as long as the client (the host keeps one client
/// for the process). Requests reach it through a locked queue and `curl_multi_wakeup`; it sleeps in
/// `curl_multi_poll` whenever it waits, idle or not. Once the client is released and its last transfer
/// has ended, the worker cleans up the multi handle, which closes the connections it kept, and its
/// thread ends.
final class CurlWorker: Sendable {
    /// A transfer on its way to the worker's thread, the only thread that touches it from then on.
    struct Handoff: @unchecked Sendable {
        let transfer: CurlTransfer
    }

    /// Where the worker is in its life.
    enum Phase {
        /// No thread runs: none was started yet, or the last one ended after libcurl failed.
        case stopped
        /// A thread runs (or is starting): requests go in the queue.
        case running
        /// libcurl could not be loaded: every request fails with this message.
        case unavailable(String)
        /// The client was released and the thread has ended.
        case ended
    }

    struct State {
        var phase = Phase.stopped
        var queue: [Handoff] = []
        /// The multi handle while the thread drives it, for `curl_multi_wakeup`: the one libcurl call
        /// allowed from any thread. It is taken away under the lock before the handle is cleaned up.
        var wakeable: WakeableHandle?
        var clientReleased = false
    }

    /// A multi handle, for `curl_multi_wakeup` only.
    struct WakeableHandle: @unchecked Sendable {
        let multi: OpaquePointer
    }

    let state = Mutex(State())
    let transferEnded: (@Sendable () -> Void)?
    let threadEnding: (@Sendable () -> Void)?

    /// A worker with no thread yet.
    /// - Parameters:
    ///   - transferEnded: called on the worker's thread each time a transfer has ended and let its handle go.
    ///   - threadEnding: called on the worker's thread as the last thing it does, its multi handle cleaned up.
    init(transferEnded: (@Sendable () -> Void)?, threadEnding: (@Sendable () -> Void)?) {
        self.transferEnded = transferEnded
        self.threadEnding = threadEnding
    }

    /// Hands `transfer` to the worker's thread, starting the thread if none runs.
    func submit(_ transfer: CurlTransfer) {
        enum Next { case queued, startThread, fail(NetworkError) }
        let handoff = Handoff(transfer: transfer)
        let next = state.withLock { state -> Next in
            switch state.phase {
            case .unavailable(let reason): return .fail(.libcurlUnavailable(reason))
            case .ended: return .fail(Self.released)
            case .running:
                state.queue.append(handoff)
                if let handle = state.wakeable { _ = ccurl_multi_wakeup(handle.multi) }
                return .queued
            case .stopped:
                state.phase = .running
                state.queue.append(handoff)
                return .startThread
            }
        }
        switch next {
        case .queued: return
        case .fail(let error): end(handoff, with: error)
        case .startThread:
            guard !detachThread(named: "strata-http", { self.run() }) else { return }
            failQueue(setting: .stopped, with: .transport("no thread could be started for HTTP requests (the system is out of threads); try again"))
        }
    }

    /// Wakes the worker's thread from `curl_multi_poll`, if it runs, to look at its transfers again.
    func wake() {
        state.withLock { state in
            if let handle = state.wakeable { _ = ccurl_multi_wakeup(handle.multi) }
        }
    }

    /// Tells the worker that its client is gone: its thread ends once its last transfer has.
    func clientReleased() {
        state.withLock { state in
            state.clientReleased = true
            if let handle = state.wakeable { _ = ccurl_multi_wakeup(handle.multi) }
        }
    }

    /// What a request that reaches a worker whose client is gone ends with.
    static let released = NetworkError.transport("the HTTP client was released before the request was sent")

    /// Moves to `phase` and fails every queued transfer with `error`.
    func failQueue(setting phase: Phase, with error: NetworkError) {
        let stranded = state.withLock { state in
            state.phase = phase
            defer { state.queue = [] }
            return state.queue
        }
        for handoff in stranded { end(handoff, with: error) }
    }

    /// Ends a transfer that never reached libcurl.
    func end(_ handoff: Handoff, with error: NetworkError) {
        handoff.transfer.finish(error)
        transferEnded?()
    }
}
