import Foundation
import RunningDomain

/// A run clock for tests: `sleep` moves the clock forward at once instead of waiting (then yields), and
/// records the naps.
public final class ManualRunClock: RunClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var naps: [Double] = []

    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = start }

    public func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    public func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        advance(by: seconds)
        lock.withLock { naps.append(seconds) }
        // Let other tasks (a mate, a host waiting for one) take their turn, as a real sleep would.
        await Task.yield()
    }

    public func advance(by seconds: Double) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    /// Every `sleep` asked for so far, in order.
    public var sleeps: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return naps
    }
}
