import Foundation

/// A day on the calendar (no time, no zone), as a person in some time zone names it: `2026-11-22`.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Reads `YYYY-MM-DD`; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The moment this day begins in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        let parts = DateComponents(year: year, month: month, day: day)
        return Self.calendar(timeZone).date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }

    /// The moment the next day begins in `timeZone` (23 or 25 hours later on a daylight-saving change).
    public func end(in timeZone: TimeZone) -> Date {
        let calendar = Self.calendar(timeZone)
        return calendar.date(byAdding: .day, value: 1, to: start(in: timeZone)) ?? start(in: timeZone).addingTimeInterval(86_400)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
