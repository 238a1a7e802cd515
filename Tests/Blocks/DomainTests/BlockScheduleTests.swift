import BlocksDomain
import BlocksTesting
import Foundation
import Testing

struct BlockScheduleTests {
    let berlin = Calendar.gregorian(in: "Europe/Berlin")

    func remaining(_ length: BlockLength, at now: Date, _ calendar: Calendar) -> Int {
        Int(BlockSchedule.slot(for: length, at: now, calendar: calendar).endsAt.timeIntervalSince(now))
    }

    @Test func countsDownToTheNextBoundaryFromLocalMidnight() {
        let utc = Calendar.gregorian(in: "UTC")
        let slot = BlockSchedule.slot(for: .four, at: .iso("2026-06-10T05:30:00Z"), calendar: utc)
        #expect(slot.startsAt == .iso("2026-06-10T04:00:00Z"))
        #expect(slot.endsAt == .iso("2026-06-10T08:00:00Z"))
        #expect(slot.round == 2)
        #expect(slot.rounds == 6)
        #expect(slot.phase == .focus)
    }

    @Test func afterTheLastBoundaryTheNextIsTomorrowsMidnight() {
        let slot = BlockSchedule.slot(for: .four, at: berlin.wallDate(2026, 6, 10, 22), calendar: berlin)
        #expect(slot.endsAt == berlin.wallDate(2026, 6, 11, 0))
        #expect(slot.round == 6)
        #expect(remaining(.twelve, at: berlin.wallDate(2026, 6, 10, 13), berlin) == 11 * 3600)
    }

    @Test func theSameInstantHasDifferentBoundariesInDifferentZones() {
        let now = Date.iso("2026-06-10T05:30:00Z")
        #expect(remaining(.eight, at: now, .gregorian(in: "UTC")) == 9_000)            // 05:30 → 08:00
        #expect(remaining(.eight, at: now, .gregorian(in: "Asia/Tokyo")) == 5_400)     // 14:30 → 16:00
        #expect(remaining(.eight, at: now, .gregorian(in: "America/New_York")) == 23_400) // 01:30 → 08:00
    }

    @Test func onBerlinsSpringForwardDayTheFirstBlockIsAnHourShorter() {
        // 29 March 2026: 02:00 CET jumps to 03:00 CEST, a 23-hour day.
        let now = Date.iso("2026-03-29T01:30:00+01:00")
        let slot = BlockSchedule.slot(for: .four, at: now, calendar: berlin)
        #expect(slot.endsAt == .iso("2026-03-29T04:00:00+02:00"))
        #expect(slot.endsAt.timeIntervalSince(now) == 5_400)
        #expect(slot.endsAt.timeIntervalSince(slot.startsAt!) == 3 * 3600)
        #expect(BlockSchedule.boundaries(for: .four, onDayOf: now, calendar: berlin).count == 6)
    }

    @Test func theLastBlockOfTheSpringForwardDayEndsAtTheNextLocalMidnight() {
        let now = Date.iso("2026-03-29T22:00:00+02:00")
        #expect(remaining(.four, at: now, berlin) == 2 * 3600)
        #expect(BlockSchedule.slot(for: .four, at: now, calendar: berlin).endsAt == .iso("2026-03-30T00:00:00+02:00"))
    }

    @Test func onBerlinsFallBackDayTheFirstBlockIsAnHourLonger() {
        // 25 October 2026: 03:00 CEST falls back to 02:00 CET, a 25-hour day; 02:30 CET is the second 02:30.
        let now = Date.iso("2026-10-25T02:30:00+01:00")
        let slot = BlockSchedule.slot(for: .three, at: now, calendar: berlin)
        #expect(slot.endsAt == .iso("2026-10-25T03:00:00+01:00"))
        #expect(slot.endsAt.timeIntervalSince(now) == 1_800)
        #expect(slot.endsAt.timeIntervalSince(slot.startsAt!) == 4 * 3600)
    }
}
