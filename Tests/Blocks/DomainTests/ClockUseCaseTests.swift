import BlocksDomain
import BlocksTesting
import Foundation
import Testing

struct ClockUseCaseTests {
    let berlin = Calendar.gregorian(in: "Europe/Berlin")
    let blocks = InMemoryItemRepository<Block>([.stub()])
    let dailies = InMemoryItemRepository<Daily>([.stub()])
    let timers = InMemoryItemRepository<FocusTimer>([.stub()])
    let modes = InMemoryRunningModeRepository()
    let clock = FixedBlocksClock(.iso("2026-06-10T09:20:00+02:00"))

    var items: ModeItemSource { ModeItemSource(blocks: blocks, dailies: dailies, timers: timers) }
    var start: DefaultModeStartUseCase { .init(items: items, runningMode: modes, clock: clock, calendar: berlin) }
    var fetch: DefaultClockFetchUseCase { .init(items: items, runningMode: modes, clock: clock, calendar: berlin) }

    @Test func startingPersistsTheModeFromNow() throws {
        let state = try start.execute(.daily, id: Daily.stub().id)
        #expect(try modes.load() == RunningMode(kind: .daily, itemID: Daily.stub().id, startedAt: clock.now()))
        #expect(state.title == "Study")
        #expect(state.phase == .focus)
        #expect(state.remainingSeconds == 30 * 60)
        #expect(state.remaining.description == "0:30:00")
    }

    @Test func aLaterRunRestoresTheModeAndComputesFromTheStartTime() throws {
        _ = try start.execute(.timer, id: FocusTimer.stub().id)
        clock.advance(by: 187 * 60 + 0.4)
        // A new use case over the same storage: what a new process sees.
        let restored = try DefaultClockFetchUseCase(items: items, runningMode: modes, clock: clock, calendar: berlin).execute()
        #expect(restored?.mode.kind == .timer)
        #expect(restored?.remainingSeconds == 13 * 60) // 12:59.6 rounds up
        #expect(restored?.round == 8)
    }

    /// The clock was set back an hour after the 25-minute timer started at 09:20: it waits for its start (it
    /// read "Round 1: 0:25:00 left (until 09:45)" at 08:20, "left" and "until" disagreeing).
    @Test func aTimerSeenBeforeItsStartWaitsForIt() throws {
        _ = try start.execute(.timer, id: FocusTimer.stub().id)
        clock.advance(by: -3600)
        let state = try #require(try fetch.execute())
        #expect(state.phase == .waiting)
        #expect(state.remainingSeconds == 3600)
        #expect(state.phaseEndsAt == .iso("2026-06-10T09:20:00+02:00"), "it waits until its start")
        #expect(state.round == nil)
    }

    @Test func startingReplacesWhatRan() throws {
        _ = try start.execute(.timer, id: FocusTimer.stub().id)
        let state = try start.execute(.block, id: Block.stub().id)
        #expect(try modes.load()?.kind == .block)
        #expect(state.phase == .focus)
        #expect(state.remainingSeconds == 2 * 3600 + 40 * 60) // 09:20 → 12:00
        #expect(state.rounds == 6)
    }

    @Test func startingAnUnknownItemIsNotFoundAndKeepsWhatRan() throws {
        _ = try start.execute(.timer, id: FocusTimer.stub().id)
        let id = UUID()
        #expect(throws: BlocksError.notFound(.daily, id)) { try start.execute(.daily, id: id) }
        #expect(try modes.load()?.kind == .timer)
    }

    @Test func nothingRunningAnswersNil() throws {
        #expect(try fetch.execute() == nil)
    }

    @Test func aModeWhoseItemWasDeletedIsCleared() throws {
        try modes.save(RunningMode(kind: .block, itemID: UUID(), startedAt: clock.now()))
        #expect(try fetch.execute() == nil)
        #expect(try modes.load() == nil)
    }

    @Test func stoppingClearsTheModeAndSaysWhatRan() throws {
        _ = try start.execute(.block, id: Block.stub().id)
        let stopped = try DefaultClockStopUseCase(runningMode: modes).execute()
        #expect(stopped?.kind == .block)
        #expect(try modes.load() == nil)
        #expect(try DefaultClockStopUseCase(runningMode: modes).execute() == nil)
    }

    /// A timer of Int.max seconds, saved before durations were bounded: showing it trapped converting its
    /// length to an Int, and so did `clock stop` and `timer delete`, which show what ran first.
    @Test func aTimerSavedLongerThanTheLongestDurationIsShownAsTheLongest() throws {
        let timers = InMemoryItemRepository<FocusTimer>([.stub(durationSeconds: .max)])
        let items = ModeItemSource(blocks: blocks, dailies: dailies, timers: timers)
        let state = try DefaultModeStartUseCase(items: items, runningMode: modes, clock: clock, calendar: berlin)
            .execute(.timer, id: FocusTimer.stub().id)
        #expect(state.phaseSeconds == BlocksValidation.maximumDuration)
        #expect(state.remainingSeconds == BlocksValidation.maximumDuration)
        #expect(state.round == 1)
    }

    /// A daily written into the file by hand, with focus, break and repeats of Int.max: adding them up
    /// trapped (SIGILL) in every command that showed it, `clock stop` and `daily delete` included.
    @Test func aDailyStoredBeyondWhatAnIntCountsIsShownWithoutATrap() throws {
        let huge = Daily.stub(repeatCount: .max, focusSeconds: .max, breakSeconds: .max)
        #expect(huge.roundSeconds == .max && huge.totalSeconds == .max)
        #expect(Daily.stub(repeatCount: 2, focusSeconds: .min, breakSeconds: -1).totalSeconds == .min)
        let items = ModeItemSource(blocks: blocks, dailies: InMemoryItemRepository<Daily>([huge]), timers: timers)
        let state = try DefaultModeStartUseCase(items: items, runningMode: modes, clock: clock, calendar: berlin)
            .execute(.daily, id: huge.id)
        #expect(state.phase == .focus)
        #expect((state.phaseSeconds ?? 0) > Int.max / 2, "a Date's precision at 2^63 s is some thousand seconds")
        #expect(state.round == 1)
    }

    /// Tempus rings when a phase ends: focus → break, a timer's next round, the end of what ran; not when
    /// the user replaces or stops it early, and not while the phase still runs.
    @Test func aPhaseEndsWhenItsTimeRunsOutAndSomethingElseRuns() throws {
        let focus = try start.execute(.daily, id: Daily.stub().id)
        #expect(!focus.ended(by: clock.now(), becoming: try fetch.execute()))
        clock.advance(by: 30 * 60)
        let breakTime = try #require(try fetch.execute())
        #expect(breakTime.phase == .breakTime)
        #expect(focus.ended(by: clock.now(), becoming: breakTime))
        #expect(focus.ended(by: clock.now(), becoming: nil))                  // the end of what ran

        let timer = try start.execute(.timer, id: FocusTimer.stub().id)
        clock.advance(by: 60)
        #expect(!timer.ended(by: clock.now(), becoming: nil))                 // stopped early
        #expect(!timer.ended(by: clock.now(), becoming: try fetch.execute())) // same round still
        clock.advance(by: Double(FocusTimer.stub().durationSeconds))
        #expect(timer.ended(by: clock.now(), becoming: try fetch.execute()))  // the next round
    }
}
