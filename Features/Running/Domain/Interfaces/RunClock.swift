import Foundation

/// The time source of a run, injected so that tests and fast replays never wait for real.
public protocol RunClock: Sendable {
    func now() -> Date
    /// Suspends for `seconds` of this clock's time; throws when the task is cancelled.
    func sleep(seconds: Double) async throws
}
