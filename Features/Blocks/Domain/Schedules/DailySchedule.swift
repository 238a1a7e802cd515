import FoundationEssentials

/// A daily's day: waiting until the start time (local wall clock), then `repeatCount` rounds of focus and
/// break measured in real seconds, then waiting for tomorrow's start. A schedule that starts late in the day
/// runs on past midnight. The label is the phase that is running (Tempus showed the one that had just ended).
public enum DailySchedule {
    public static func slot(for daily: Daily, at now: Date, calendar: Calendar) -> PhaseSlot {
        // Today's run first, then yesterday's in case it runs past midnight.
        for dayOffset in [0, -1] {
            let start = calendar.date(atSecondsFromMidnight: daily.startSeconds, dayOffset: dayOffset, from: now)
            let elapsed = now.timeIntervalSince(start)
            guard elapsed >= 0, elapsed < Double(daily.totalSeconds) else { continue }
            return runningSlot(for: daily, startedAt: start, elapsed: elapsed)
        }
        let today = calendar.date(atSecondsFromMidnight: daily.startSeconds, dayOffset: 0, from: now)
        let next =
            today > now
            ? today
            : calendar.date(atSecondsFromMidnight: daily.startSeconds, dayOffset: 1, from: now)
        return PhaseSlot(phase: .waiting, startsAt: nil, endsAt: next, round: nil, rounds: daily.repeatCount)
    }

    private static func runningSlot(for daily: Daily, startedAt start: Date, elapsed: Double) -> PhaseSlot {
        let round = Int(elapsed / Double(daily.roundSeconds))
        let roundStart = start.addingTimeInterval(Double(round * daily.roundSeconds))
        let focusEnd = roundStart.addingTimeInterval(Double(daily.focusSeconds))
        let intoRound = elapsed - Double(round * daily.roundSeconds)
        if intoRound < Double(daily.focusSeconds) {
            return PhaseSlot(
                phase: .focus, startsAt: roundStart, endsAt: focusEnd, round: round + 1,
                rounds: daily.repeatCount)
        }
        return PhaseSlot(
            phase: .breakTime, startsAt: focusEnd,
            endsAt: roundStart.addingTimeInterval(Double(daily.roundSeconds)),
            round: round + 1, rounds: daily.repeatCount)
    }
}
