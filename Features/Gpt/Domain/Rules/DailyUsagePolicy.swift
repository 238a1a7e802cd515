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

    /// The user's usage as of `now`.
    public func usage(of user: User, at now: Date) -> Usage {
        let today = day(at: now)
        return Usage(used: user.uses(on: today), limit: limit, resetsAt: today.end(in: timeZone))
    }
}
