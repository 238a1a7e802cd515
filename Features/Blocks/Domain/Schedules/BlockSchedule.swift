import FoundationEssentials

/// A block's day: boundaries at local wall times 00:00, N:00, 2N:00 … ; after the last one the next boundary is
/// tomorrow's midnight. Boundaries are wall-clock times, so on a 23-hour day the block that contains the
/// daylight-saving jump is an hour shorter and on a 25-hour day an hour longer; the rest stay N hours.
public enum BlockSchedule {
    public static func slot(for length: BlockLength, at now: Date, calendar: Calendar) -> PhaseSlot {
        let boundaries = self.boundaries(for: length, onDayOf: now, calendar: calendar)
        let nextIndex = boundaries.firstIndex { $0 > now }
        let next = nextIndex.map { boundaries[$0] } ?? calendar.midnight(dayOffset: 1, from: now)
        let currentIndex = (nextIndex ?? boundaries.count) - 1
        let start = currentIndex >= 0 ? boundaries[currentIndex] : calendar.startOfDay(for: now)
        return PhaseSlot(
            phase: .focus, startsAt: start, endsAt: next, round: max(currentIndex, 0) + 1,
            rounds: boundaries.count)
    }

    /// Today's boundaries in order, without duplicates (a skipped wall time can map onto the next one).
    public static func boundaries(for length: BlockLength, onDayOf day: Date, calendar: Calendar) -> [Date] {
        var result: [Date] = []
        for hour in stride(from: 0, to: 24, by: length.hours) {
            let boundary = calendar.date(atSecondsFromMidnight: hour * 3600, dayOffset: 0, from: day)
            if let last = result.last, boundary <= last { continue }
            result.append(boundary)
        }
        return result
    }
}
