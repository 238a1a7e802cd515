public import StrataBase

/// The time of day as the host and plugins see it, so that tests can control time.
///
/// An implementation must be safe to call from any thread. `sleep(seconds:)` must end early by throwing
/// `CancellationError` when the calling task is cancelled.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Timestamp
    /// Suspends the calling task for `seconds` of this clock's time.
    /// - Throws: `CancellationError` if the task is cancelled while it waits.
    func sleep(seconds: Double) async throws
}

/// The machine's real clock.
public struct SystemWallClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current instant from the system.
    public func now() -> Timestamp { .now() }

    /// Sleeps for real; ends early with `CancellationError` on cancellation.
    public func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        // Clamped to a century so that a huge value can't overflow the nanosecond count.
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 3_153_600_000) * 1_000_000_000))
    }
}
