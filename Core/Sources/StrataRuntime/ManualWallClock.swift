internal import FoundationEssentials
public import StrataBase
import Synchronization

/// A clock that moves only when told to: for tests, and for replays that run faster than real time.
///
/// `sleep(seconds:)` suspends until `advance(by:)` has moved the clock past the sleeper's wake-up time,
/// so a test drives time explicitly and never waits for real.
public final class ManualWallClock: WallClock {
    private struct Sleeper {
        let wakeAt: Timestamp
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Timestamp
        var sleepers: [UUID: Sleeper] = [:]
    }

    private let state: Mutex<State>

    /// Creates a clock that reads `start` until it is advanced.
    public init(start: Timestamp = Timestamp(nanosecondsSince1970: 0)) {
        state = Mutex(State(now: start))
    }

    /// The clock's current instant.
    public func now() -> Timestamp { state.withLock { $0.now } }

    /// The number of tasks currently suspended in `sleep(seconds:)`.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock forward and wakes every sleeper whose time has come.
    public func advance(by seconds: Double) {
        let due: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.now = state.now.adding(seconds: seconds)
            let now = state.now
            let dueIDs = state.sleepers.filter { $0.value.wakeAt <= now }.map(\.key)
            return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        due.forEach { $0.resume() }
    }

    /// Suspends until the clock has been advanced by `seconds`.
    public func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        if seconds <= 0 { return }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock: a cancellation that lands before the sleeper is registered is seen
                // here; one that lands after finds the sleeper in `onCancel`.
                let cancelled = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(wakeAt: state.now.adding(seconds: seconds), continuation: continuation)
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { $0.sleepers.removeValue(forKey: id)?.continuation }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
