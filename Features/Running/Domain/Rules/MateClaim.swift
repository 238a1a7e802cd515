/// What a live mate (another process, perhaps another machine) may claim about where it is. A position that
/// no runner can be at ends the run with no winner (`LiveSessionError.impossiblePosition`): believing it
/// would make a 1e308 km run, or a winner who finished at 0 km.
public enum MateClaim {
    /// Faster than this over a whole run no person goes (36 km/h); `allowanceKm` more leaves room for a
    /// watch's jumps.
    public static let fastestSecondsPerKm = 100.0
    public static let allowanceKm = 0.5

    /// Whether `progress` is a place a runner can be: a finite distance, not negative, not past what the
    /// fastest pace covers in its seconds, and (a race) not a finish short of the goal.
    public static func isPossible(_ progress: RunnerProgress, mode: RunningMode, goalKm: Double) -> Bool {
        let km = progress.data.elapsedDistanceKm, seconds = progress.data.elapsedSeconds
        guard km.isFinite, km >= 0, seconds >= 0 else { return false }
        guard km <= Double(seconds) / fastestSecondsPerKm + allowanceKm else { return false }
        return !(mode == .race && progress.status == .finished && km < goalKm - 0.005)
    }
}
