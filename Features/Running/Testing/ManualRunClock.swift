import Foundation
import RunningDomain
import Synchronization

/// A run clock for tests: `sleep` moves the clock forward at once instead of waiting (then yields), and
/// records the naps.
public final class ManualRunClock: RunClock, Sendable {
    private struct State {
        var current: Date
        var naps: [Double] = []
    }

    private let state: Mutex<State>

    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { state = Mutex(State(current: start)) }

    public func now() -> Date {
        state.withLock { $0.current }
    }

    public func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        advance(by: seconds)
        state.withLock { $0.naps.append(seconds) }
        // Let other tasks (a mate, a host waiting for one) take their turn, as a real sleep would.
        await Task.yield()
    }

    public func advance(by seconds: Double) {
        state.withLock { $0.current += seconds }
    }

    /// Every `sleep` asked for so far, in order.
    public var sleeps: [Double] {
        state.withLock { $0.naps }
    }
}
