/// MateRunner's preparation before a run: 3, 2, 1, a second apart. An instant replay (speed 0) has none.
public enum RunCountdown {
    public static let seconds = 3

    /// Counts down on `clock`, calling `show` with 3, 2 and 1 (on the caller's actor), then returns when the
    /// run may start.
    /// - Throws: `CancellationError` when the task is cancelled meanwhile (the run never started).
    public static func count(
        for request: RunRequest, on clock: any RunClock,
        isolation: isolated (any Actor)? = #isolation, show: (Int) -> Void
    ) async throws {
        guard request.speed > 0 else { return }
        for remaining in stride(from: seconds, to: 0, by: -1) {
            show(remaining)
            try await clock.sleep(seconds: 1)
        }
    }
}
