import Foundation

/// The daily limit, counted in calendar days of the user's time zone.
public struct DailyUsagePolicy: Sendable, Hashable {
    public var limit: Int
    public var timeZone: TimeZone

    public init(limit: Int = 10, timeZone: TimeZone = .current) {
        self.limit = limit
        self.timeZone = timeZone
    }

    /// The day `now` falls on for the user.
    public func day(at now: Date) -> CalendarDay {
        CalendarDay(now, in: timeZone)
    }

    /// `used` uses out of the limit on `day`, which resets when the day ends.
    public func usage(_ used: Int, on day: CalendarDay) -> Usage {
        Usage(used: used, limit: limit, resetsAt: day.end(in: timeZone))
    }
}
