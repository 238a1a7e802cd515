import BlocksDomain
import Foundation

extension Block {
    /// A block for tests; ids are fixed so expectations can name them.
    public static func stub(
        id: UUID = UUID(uuidString: "00000000-0000-0000-0000-0000000000B1")!,
        title: String = "Deep work", length: BlockLength = .four,
        createdAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> Block {
        Block(id: id, title: title, length: length, createdAt: createdAt)
    }
}

extension Daily {
    /// A daily for tests: 09:00, four rounds of 50 min focus and 10 min break.
    public static func stub(
        id: UUID = UUID(uuidString: "00000000-0000-0000-0000-0000000000D1")!,
        title: String = "Study", startSeconds: Int = 9 * 3600, repeatCount: Int = 4,
        focusSeconds: Int = 50 * 60, breakSeconds: Int = 10 * 60,
        createdAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> Daily {
        Daily(
            id: id, title: title, startSeconds: startSeconds, repeatCount: repeatCount,
            focusSeconds: focusSeconds, breakSeconds: breakSeconds, createdAt: createdAt)
    }
}

extension FocusTimer {
    /// A 25-minute timer for tests.
    public static func stub(
        id: UUID = UUID(uuidString: "00000000-0000-0000-0000-0000000000E1")!,
        title: String = "Pomodoro", durationSeconds: Int = 25 * 60,
        createdAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> FocusTimer {
        FocusTimer(id: id, title: title, durationSeconds: durationSeconds, createdAt: createdAt)
    }
}

extension Calendar {
    /// A Gregorian calendar in the named zone (e.g. `Europe/Berlin`).
    public static func gregorian(in zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// The instant the local wall clock of this calendar shows the given time.
    public func wallDate(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0,
        _ second: Int = 0
    ) -> Date {
        date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}

extension Date {
    /// An instant written in ISO 8601 with its offset, e.g. `2026-03-29T01:30:00+01:00`.
    public static func iso(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
