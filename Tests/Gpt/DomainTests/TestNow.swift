import Foundation
import Synchronization

/// A settable "now" for the use cases.
final class TestNow: Sendable {
    private let date: Mutex<Date>
    init(_ date: Date) { self.date = Mutex(date) }
    func callAsFunction() -> Date { date.withLock { $0 } }
    func set(_ newDate: Date) { date.withLock { $0 = newDate } }
}

extension Date {
    /// A UTC moment: `utc(2026, 3, 10, 14, 59)`.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}
