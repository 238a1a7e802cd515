import Foundation
import StrataBase
import StrataRuntime
import Synchronization
import Testing

@Suite struct ManualWallClockTests {
    /// Suspends until `clock` has `count` sleepers (each sleeper registers as its task starts running).
    func waitForSleepers(_ clock: ManualWallClock, count: Int) async {
        while clock.sleeperCount < count { await Task.yield() }
    }

    @Test func nowMovesOnlyWhenAdvanced() {
        let start = Timestamp(secondsSince1970: 1_700_000_000)
        let clock = ManualWallClock(start: start)

        #expect(clock.now() == start)
        clock.advance(by: 90)
        #expect(clock.now() == start.adding(seconds: 90))
    }

    @Test func aSleeperWakesOnlyOnceTheClockPassesItsTime() async throws {
        let clock = ManualWallClock()
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(seconds: 10)
            woke.set()
        }
        await waitForSleepers(clock, count: 1)

        clock.advance(by: 9.5)
        #expect(clock.sleeperCount == 1, "woke before its time")
        #expect(!woke.isSet)

        clock.advance(by: 0.5)
        try await sleeper.value

        #expect(woke.isSet)
        #expect(clock.sleeperCount == 0)
        #expect(clock.now() == Timestamp(secondsSince1970: 10))
    }

    @Test func sleepersWakeByTheirOwnTimes() async throws {
        let clock = ManualWallClock()
        let short = Task { try await clock.sleep(seconds: 5) }
        let long = Task { try await clock.sleep(seconds: 30) }
        await waitForSleepers(clock, count: 2)

        clock.advance(by: 6)
        try await short.value
        #expect(clock.sleeperCount == 1)

        clock.advance(by: 24)
        try await long.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleeperCountsFromWhenItStartedSleeping() async throws {
        let clock = ManualWallClock()
        clock.advance(by: 100)
        let sleeper = Task { try await clock.sleep(seconds: 10) }
        await waitForSleepers(clock, count: 1)

        clock.advance(by: 9)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 1)
        try await sleeper.value
    }

    @Test func aZeroSleepReturnsAtOnce() async throws {
        let clock = ManualWallClock()
        try await clock.sleep(seconds: 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperEndsItWithCancellationError() async throws {
        let clock = ManualWallClock()
        let sleeper = Task { try await clock.sleep(seconds: 60) }
        await waitForSleepers(clock, count: 1)

        sleeper.cancel()
        let result = await sleeper.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
        clock.advance(by: 120) // nothing left to resume twice
    }

    @Test func anAlreadyCancelledTaskDoesNotSleep() async {
        let clock = ManualWallClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(seconds: 60)
        }

        let result = await sleeper.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func theSystemClockEndsItsSleepOnCancellation() async {
        let sleeper = Task { try await SystemWallClock().sleep(seconds: 600) }
        sleeper.cancel()

        let result = await sleeper.result

        #expect(throws: CancellationError.self) { try result.get() }
    }
}

/// A flag set from one task and read from another.
final class Flag: Sendable {
    private let storage = Atomic<Bool>(false)
    func set() { storage.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { storage.load(ordering: .sequentiallyConsistent) }
}
