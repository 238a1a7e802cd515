import FoundationEssentials

/// A timer repeats its countdown from the moment it started. After any pause in observation (a restart of
/// Strata, a sleeping laptop) it catches up by `elapsed mod duration`: the countdown is where it would be had
/// it never stopped.
public enum TimerSchedule {
    /// Seen before its start (the clock was set back), a timer waits for it: "0:25:00 left (until 10:25)"
    /// at 09:00 said both that it ran and that it ended at 10:25.
    public static func slot(for timer: FocusTimer, startedAt: Date, at now: Date) -> PhaseSlot {
        if now < startedAt { return PhaseSlot(phase: .waiting, startsAt: nil, endsAt: startedAt, round: nil, rounds: nil) }
        // A timer saved before durations were bounded, or written into the file by hand, counts as the longest
        // there is: past it the clock's seconds would not fit an Int, and no command could show or stop it.
        let duration = Double(min(max(timer.durationSeconds, 1), BlocksValidation.maximumDuration))
        let elapsed = max(0, now.timeIntervalSince(startedAt))
        let completed = (elapsed / duration).rounded(.down)
        let roundStart = startedAt.addingTimeInterval(completed * duration)
        return PhaseSlot(
            phase: .focus, startsAt: roundStart, endsAt: roundStart.addingTimeInterval(duration),
            round: Int(completed) + 1, rounds: nil)
    }
}
