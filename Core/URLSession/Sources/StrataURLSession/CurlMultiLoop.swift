internal import CCurl
import StrataNetworking

/// The multi handle and the transfers on it, as the worker's thread drives them; used on that thread only.
///
/// Each transfer ends the same way, whatever ends it (libcurl done, cancelled, idle too long): its stream
/// is finished first, then its easy handle leaves the multi handle and is cleaned up, so that the caller
/// never waits for the cleanup. A completed transfer's connection stays in the multi handle's cache for
/// the next request to the same host.
final class CurlMultiLoop {
    /// The longest single sleep in `curl_multi_poll`; the loop then looks at its transfers and sleeps again.
    /// Every event that matters (a socket, libcurl's timers, a deadline, a wake) ends a sleep before it.
    private static let longestPollMilliseconds: Int32 = 3_600_000

    private let multi: OpaquePointer
    private let share: OpaquePointer?
    private let transferEnded: (@Sendable () -> Void)?
    /// The running transfers, by their easy handle.
    private var transfers: [OpaquePointer: CurlTransfer] = [:]

    /// A loop on `multi`, whose transfers share TLS sessions through `share` if there is one.
    init(multi: OpaquePointer, share: OpaquePointer?, transferEnded: (@Sendable () -> Void)?) {
        self.multi = multi
        self.share = share
        self.transferEnded = transferEnded
    }

    /// Whether no transfer is running.
    var isIdle: Bool { transfers.isEmpty }

    /// Starts `transfer` on the multi handle, or ends it if it was cancelled already or libcurl refuses it.
    func start(_ transfer: CurlTransfer) {
        if transfer.control.isCancelled {
            end(transfer, with: .cancelled)
            return
        }
        let easy: OpaquePointer
        do {
            easy = try transfer.makeHandle(sharing: share)
        } catch {
            end(transfer, with: error)
            return
        }
        guard ccurl_multi_add_handle(multi, easy) == CURLM_OK else {
            end(transfer, with: .transport("libcurl could not start the transfer"))
            return
        }
        transfers[easy] = transfer
    }

    /// Ends every transfer whose stream was cancelled.
    func endCancelled() {
        for (easy, transfer) in transfers where transfer.control.isCancelled {
            end(easy, with: .cancelled)
        }
    }

    /// Lets libcurl move every transfer on, then ends those it says are done.
    /// - Returns: the failure if libcurl itself failed (every transfer is then to end with it).
    func perform() -> NetworkError? {
        var running: Int32 = 0
        let performed = ccurl_multi_perform(multi, &running)
        guard performed == CURLM_OK else { return .transport("libcurl failed while transferring (CURLMcode \(performed.rawValue))") }
        var done: OpaquePointer?
        var result = CURLE_OK
        while ccurl_multi_next_done(multi, &done, &result) != 0 {
            guard let done, let transfer = transfers[done] else { continue }
            end(done, with: transfer.outcome(result))
        }
        return nil
    }

    /// Fails every transfer that heard nothing from its server for its whole idle timeout.
    func endExpired(at now: ContinuousClock.Instant) {
        for (easy, transfer) in transfers {
            if let deadline = transfer.deadline, deadline <= now { end(easy, with: transfer.timedOut) }
        }
    }

    /// How long the next poll may sleep: until the nearest deadline (libcurl's own timers, `curl_multi_poll`
    /// keeps itself).
    func pollTimeout(at now: ContinuousClock.Instant) -> Int32 {
        let nearest = transfers.values.compactMap(\.deadline).min()
        return nearest.map { Self.milliseconds(roundingUp: $0 - now) } ?? Self.longestPollMilliseconds
    }

    /// Sleeps until a socket is ready, libcurl's timer is due, `milliseconds` pass, or a wake.
    /// - Returns: the failure if libcurl could not wait.
    func poll(milliseconds: Int32) -> NetworkError? {
        let polled = ccurl_multi_poll(multi, milliseconds)
        return polled == CURLM_OK ? nil : .transport("libcurl failed while waiting (CURLMcode \(polled.rawValue))")
    }

    /// Ends every running transfer with `error`.
    func endAll(with error: NetworkError) {
        for easy in transfers.keys { end(easy, with: error) }
    }

    /// Cleans up the multi handle, which closes the connections it kept, and the share handle; call once
    /// no transfer runs.
    func close() {
        _ = ccurl_multi_cleanup(multi)
        if let share { ccurl_share_cleanup(share) }
    }

    // MARK: Ending a transfer

    private func end(_ easy: OpaquePointer, with error: NetworkError?) {
        guard let transfer = transfers.removeValue(forKey: easy) else { return }
        transfer.finish(error)
        _ = ccurl_multi_remove_handle(multi, easy)
        transfer.releaseHandle()
        transferEnded?()
    }

    /// Ends a transfer that is not on the multi handle.
    private func end(_ transfer: CurlTransfer, with error: NetworkError) {
        transfer.finish(error)
        transfer.releaseHandle()
        transferEnded?()
    }

    private static func milliseconds(roundingUp duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let milliseconds = (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded(.up)
        return Int32(max(1, min(milliseconds, Double(longestPollMilliseconds))))
    }
}
