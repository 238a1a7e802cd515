import BlocksDomain
import BlocksTesting
import Foundation
import Testing

struct DailyScheduleTests {
    let berlin = Calendar.gregorian(in: "Europe/Berlin")
    let study = Daily.stub() // 09:00, 4 × (50 min focus + 10 min break)

    func slot(_ daily: Daily, _ now: Date) -> PhaseSlot { DailySchedule.slot(for: daily, at: now, calendar: berlin) }

    @Test func waitsUntilTheStartTime() {
        let now = berlin.wallDate(2026, 6, 10, 8)
        let slot = slot(study, now)
        #expect(slot.phase == .waiting)
        #expect(slot.endsAt == berlin.wallDate(2026, 6, 10, 9))
        #expect(slot.round == nil)
    }

    @Test func focusesThenBreaksLabellingThePhaseThatIsRunning() {
        let focus = slot(study, berlin.wallDate(2026, 6, 10, 9, 20))
        #expect(focus.phase == .focus)
        #expect(focus.round == 1)
        #expect(focus.endsAt == berlin.wallDate(2026, 6, 10, 9, 50))
        // At 09:50 the first focus has just ended: the break is running (Tempus said "focus" here).
        let rest = slot(study, berlin.wallDate(2026, 6, 10, 9, 50))
        #expect(rest.phase == .breakTime)
        #expect(rest.round == 1)
        #expect(rest.endsAt == berlin.wallDate(2026, 6, 10, 10))
        let second = slot(study, berlin.wallDate(2026, 6, 10, 10))
        #expect(second.phase == .focus)
        #expect(second.round == 2)
        let lastBreak = slot(study, berlin.wallDate(2026, 6, 10, 12, 55))
        #expect(lastBreak.phase == .breakTime)
        #expect(lastBreak.round == 4)
        #expect(lastBreak.endsAt == berlin.wallDate(2026, 6, 10, 13))
    }

    @Test func afterTheLastRoundWaitsForTomorrowsStart() {
        let slot = slot(study, berlin.wallDate(2026, 6, 10, 13))
        #expect(slot.phase == .waiting)
        #expect(slot.endsAt == berlin.wallDate(2026, 6, 11, 9))
    }

    @Test func aLateScheduleRunsOnPastMidnight() {
        let late = Daily.stub(startSeconds: 23 * 3600, repeatCount: 2)
        let slot = slot(late, berlin.wallDate(2026, 6, 11, 0, 30))
        #expect(slot.phase == .focus)
        #expect(slot.round == 2)
        #expect(slot.endsAt == berlin.wallDate(2026, 6, 11, 0, 50))
    }

    @Test func onTheSpringForwardDayTheWaitIsAnHourShorter() {
        // 01:00 CET to 09:00 CEST is 7 real hours, not 8.
        let now = Date.iso("2026-03-29T01:00:00+01:00")
        let slot = slot(study, now)
        #expect(slot.phase == .waiting)
        #expect(slot.endsAt == .iso("2026-03-29T09:00:00+02:00"))
        #expect(slot.endsAt.timeIntervalSince(now) == 7 * 3600)
    }

    @Test func focusAcrossTheJumpLastsItsRealDuration() {
        // Starts 01:30 CET; 60 real minutes of focus end at 03:30 CEST.
        let night = Daily.stub(startSeconds: 5_400, repeatCount: 1, focusSeconds: 3_600, breakSeconds: 600)
        let slot = slot(night, .iso("2026-03-29T03:10:00+02:00"))
        #expect(slot.phase == .focus)
        #expect(slot.endsAt == .iso("2026-03-29T03:30:00+02:00"))
    }

    @Test func onTheFallBackDayTheWaitIsAnHourLonger() {
        let now = Date.iso("2026-10-25T00:00:00+02:00")
        #expect(slot(study, now).endsAt.timeIntervalSince(now) == 10 * 3600)
    }
}

struct TimerScheduleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let pomodoro = FocusTimer.stub() // 25 min

    @Test func aFreshTimerHasItsWholeDuration() {
        let slot = TimerSchedule.slot(for: pomodoro, startedAt: start, at: start)
        #expect(slot.endsAt.timeIntervalSince(start) == 1_500)
        #expect(slot.round == 1)
    }

    @Test func catchesUpByElapsedModDuration() {
        // 3 h 7 min later: 187 mod 25 = 12 minutes into round 8.
        let now = start.addingTimeInterval(187 * 60)
        let slot = TimerSchedule.slot(for: pomodoro, startedAt: start, at: now)
        #expect(slot.endsAt.timeIntervalSince(now) == 13 * 60)
        #expect(slot.round == 8)
    }

    @Test func atAWholeDurationANewRoundBegins() {
        let now = start.addingTimeInterval(50 * 60)
        let slot = TimerSchedule.slot(for: pomodoro, startedAt: start, at: now)
        #expect(slot.endsAt.timeIntervalSince(now) == 1_500)
        #expect(slot.round == 3)
    }

    /// Seen before its start (the clock was set back), a timer waits for it rather than counting as just
    /// started ("0:25:00 left (until 10:25)" at 09:00, #50 item 17).
    @Test func aStartInTheFutureIsWaitedFor() {
        let slot = TimerSchedule.slot(for: pomodoro, startedAt: start, at: start.addingTimeInterval(-90))
        #expect(slot.phase == .waiting)
        #expect(slot.endsAt == start)
        #expect(slot.round == nil)
    }
}
