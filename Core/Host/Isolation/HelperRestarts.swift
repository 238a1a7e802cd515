import Synchronization

/// When a plugin's helper may start again after one died, within one strata run, as Mattermost's and
/// Botkube's plugin supervisors do: the first start is at once; after a helper's n-th death the next start
/// waits `firstDelay × 2^(n-1)` from that death (0.25 s, 0.5 s, 1 s, 2 s); after `cap` deaths the plugin
/// gets no helper for the rest of the run. A helper strata itself refused (no sandbox on this kernel) or
/// ended is no death.
struct HelperRestarts {
    static let firstDelay = Duration.milliseconds(250)
    static let cap = 5

    enum Decision: Equatable {
        /// Start it, once this long has passed (zero: at once).
        case start(after: Duration)
        /// Don't: its helpers died `deaths` times in this run, the last one as `reason` says.
        case givenUp(deaths: Int, reason: String)
    }

    private struct Deaths {
        var count: Int
        var last: ContinuousClock.Instant
        var reason: String
    }

    private var deaths: [String: Deaths] = [:]

    /// Whether plugin `id`'s helper may start at `now`.
    func decision(for id: String, at now: ContinuousClock.Instant) -> Decision {
        guard let died = deaths[id] else { return .start(after: .zero) }
        guard died.count < Self.cap else { return .givenUp(deaths: died.count, reason: died.reason) }
        let backoff = Self.firstDelay * (1 << (died.count - 1))
        return .start(after: max(.zero, died.last + backoff - now))
    }

    /// Plugin `id`'s helper died at `now`, as `reason` says (``HelperFailure/reason``).
    mutating func died(_ id: String, at now: ContinuousClock.Instant, reason: String) {
        deaths[id] = Deaths(count: min((deaths[id]?.count ?? 0) + 1, Self.cap), last: now, reason: reason)
    }
}

/// The helper restarts of this strata process (one for every helper it starts, commands and screens alike),
/// on a clock that tests inject: waits out the backoff before a start, and refuses one past the cap.
final class HelperSupervisor: Sendable {
    static let shared = HelperSupervisor()

    private let restarts = Mutex(HelperRestarts())
    private let now: @Sendable () -> ContinuousClock.Instant
    private let sleep: @Sendable (Duration) async -> Void

    init(
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// Waits until plugin `id`'s helper may start. Returns the line to print instead when it may not.
    func admit(_ id: String) async -> String? {
        switch restarts.withLock({ $0.decision(for: id, at: now()) }) {
        case .start(let wait):
            if wait > .zero { await sleep(wait) }
            return nil
        case .givenUp(let deaths, let reason): return Self.givenUp(id, deaths: deaths, reason: reason)
        }
    }

    /// For a start a person asked for (opening a feature's screens in the app): the line to show instead
    /// when the plugin keeps crashing. There is no backoff to wait out: a person's own pace is one, and the
    /// app must not freeze for it.
    func admitNow(_ id: String) -> String? {
        guard case .givenUp(let deaths, let reason) = restarts.withLock({ $0.decision(for: id, at: now()) }) else { return nil }
        return Self.givenUp(id, deaths: deaths, reason: reason)
    }

    private static func givenUp(_ id: String, deaths: Int, reason: String) -> String {
        "plugin \(id)'s helper keeps crashing (\(deaths) times in this run; the last one \(reason)), so strata won't start it again: "
            + "restart strata (or fix the plugin)"
    }

    /// Plugin `id`'s helper died (it was not refused, nor ended by strata).
    func died(_ id: String, reason: String) {
        let now = now()
        restarts.withLock { $0.died(id, at: now, reason: reason) }
    }
}
