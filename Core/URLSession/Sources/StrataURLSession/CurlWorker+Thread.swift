internal import CCurl
import StrataNetworking

extension CurlWorker {
    /// What the loop does after a turn.
    private enum Turn {
        case goOn
        /// The client is gone and no transfer is left.
        case end
    }

    /// The worker's thread: loads libcurl, makes the multi handle, and drives it until the client is
    /// released and its last transfer has ended, or libcurl fails.
    func run() {
        defer { threadEnding?() }
        if let failure = ccurl_load() {
            let reason = String(cString: failure)
            failQueue(setting: .unavailable(reason), with: .libcurlUnavailable(reason))
            return
        }
        guard let multi = ccurl_multi_init() else {
            failQueue(setting: .stopped, with: .transport("libcurl could not make a multi handle (out of memory?); try again"))
            return
        }
        let loop = CurlMultiLoop(multi: multi, share: ccurl_share_tls_sessions(), transferEnded: transferEnded)
        state.withLock { $0.wakeable = WakeableHandle(multi: multi) }
        let failure = drive(loop)
        state.withLock { $0.wakeable = nil }  // no wake reaches the handle once it is cleaned up
        // After a failure, the next request starts afresh. Without one, the client is gone and nothing is
        // queued: no request can arrive any more.
        failQueue(setting: failure == nil ? .ended : .stopped, with: failure ?? Self.released)
        if let failure { loop.endAll(with: failure) }
        loop.close()
    }

    /// Turns the loop until it may end; returns the failure that ended it early, if libcurl failed.
    private func drive(_ loop: CurlMultiLoop) -> NetworkError? {
        while true {
            switch turn(loop) {
            case .end: return nil
            case .goOn: break
            }
            if let failure = loop.perform() { return failure }
            let now = ContinuousClock.now
            loop.endExpired(at: now)
            // The last transfer of a released client just ended: no wake is coming, so end instead of sleeping.
            if loop.isIdle, state.withLock({ $0.clientReleased }) { continue }
            if let failure = loop.poll(milliseconds: loop.pollTimeout(at: now)) { return failure }
        }
    }

    /// Takes the transfers that arrived and starts them, ends the cancelled ones, and says whether the
    /// worker is done: its client released, nothing queued and nothing running.
    private func turn(_ loop: CurlMultiLoop) -> Turn {
        let idle = loop.isIdle
        let (arrivals, done) = state.withLock { state in
            defer { state.queue = [] }
            return (state.queue, state.clientReleased && state.queue.isEmpty && idle)
        }
        if done { return .end }
        for handoff in arrivals { loop.start(handoff.transfer) }
        loop.endCancelled()
        return .goOn
    }
}
