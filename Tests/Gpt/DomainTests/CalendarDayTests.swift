import Foundation
import GptDomain
import Testing

struct CalendarDayTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let newYork = TimeZone(identifier: "America/New_York")!

    @Test func theSameMomentIsADifferentDayInDifferentZones() {
        // 2026-03-10 20:00 UTC is already the 11th in Seoul (UTC+9), still the 10th in New York.
        let moment = Date(timeIntervalSince1970: 1_773_172_800)
        #expect(CalendarDay(moment, in: TimeZone(identifier: "UTC")!) == CalendarDay(year: 2026, month: 3, day: 10))
        #expect(CalendarDay(moment, in: seoul) == CalendarDay(year: 2026, month: 3, day: 11))
        #expect(CalendarDay(moment, in: newYork) == CalendarDay(year: 2026, month: 3, day: 10))
    }

    @Test func dayEndsAtTheNextLocalMidnight() {
        let day = CalendarDay(year: 2026, month: 3, day: 11)
        // Midnight of the 12th in Seoul is 15:00 UTC on the 11th.
        #expect(day.end(in: seoul) == Date(timeIntervalSince1970: 1_773_241_200))
        #expect(day.end(in: seoul).timeIntervalSince(day.start(in: seoul)) == 86_400)
    }

    @Test func aDaylightSavingDayIsTwentyThreeHoursLong() {
        let springForward = CalendarDay(year: 2026, month: 3, day: 8)
        #expect(springForward.end(in: newYork).timeIntervalSince(springForward.start(in: newYork)) == 23 * 3600)
    }

    @Test func readsAndWritesISODays() {
        #expect(CalendarDay(year: 2026, month: 1, day: 5).description == "2026-01-05")
        #expect(CalendarDay("2026-01-05") == CalendarDay(year: 2026, month: 1, day: 5))
        #expect(CalendarDay("2026-1-5") == nil)
        #expect(CalendarDay("yesterday") == nil)
    }
}
