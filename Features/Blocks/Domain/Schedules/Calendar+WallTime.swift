import FoundationEssentials

extension Calendar {
    /// The instant when local wall clocks show `secondsFromMidnight` on the day `dayOffset` days after the
    /// day of `reference`. A wall time that a daylight-saving jump skips moves forward by the gap (02:30 on
    /// Berlin's spring-forward day is 03:30 CEST); a repeated one means its first occurrence.
    func date(atSecondsFromMidnight secondsFromMidnight: Int, dayOffset: Int, from reference: Date) -> Date {
        let midnight = startOfDay(for: reference)
        let day = date(byAdding: .day, value: dayOffset, to: midnight) ?? midnight
        var parts = dateComponents([.era, .year, .month, .day], from: day)
        parts.hour = secondsFromMidnight / 3600
        parts.minute = secondsFromMidnight / 60 % 60
        parts.second = secondsFromMidnight % 60
        return date(from: parts) ?? day.addingTimeInterval(TimeInterval(secondsFromMidnight))
    }

    /// Local midnight of the day `dayOffset` days after the day of `reference`.
    func midnight(dayOffset: Int, from reference: Date) -> Date {
        let midnight = startOfDay(for: reference)
        guard dayOffset != 0 else { return midnight }
        return startOfDay(for: date(byAdding: .day, value: dayOffset, to: midnight) ?? midnight)
    }
}
