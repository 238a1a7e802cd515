import Synchronization
import Testing
@testable import StrataHost

/// A helper that died starts again on the next use after a backoff that doubles (0.25 s, 0.5 s, 1 s, 2 s),
/// and after five deaths in a run not at all; on an injected clock, so nothing here sleeps.
@Suite struct HelperRestartsTests {
    let start = ContinuousClock.now

    @Test func theFirstHelperStartsAtOnceAndEachDeathDoublesTheWait() {
        var restarts = HelperRestarts()
        #expect(restarts.decision(for: "x", at: start) == .start(after: .zero))
        for (death, wait) in [250, 500, 1000, 2000].enumerated() {
            let died = start + .seconds(10 * death)
            restarts.died("x", at: died, reason: "crashed (SIGSEGV (11))")
            #expect(restarts.decision(for: "x", at: died) == .start(after: .milliseconds(wait)))
            #expect(restarts.decision(for: "x", at: died + .milliseconds(100)) == .start(after: .milliseconds(wait - 100)))
            #expect(restarts.decision(for: "x", at: died + .seconds(5)) == .start(after: .zero), "the wait runs from the death")
        }
        #expect(restarts.decision(for: "y", at: start) == .start(after: .zero), "another plugin's helpers are counted apart")
    }

    @Test func afterFiveDeathsInARunThePluginGetsNoHelper() {
        var restarts = HelperRestarts()
        for death in 1...HelperRestarts.cap {
            restarts.died("x", at: start + .seconds(death), reason: death == HelperRestarts.cap ? "was killed: memory limit 1 GiB" : "was killed (SIGKILL)")
        }
        let givenUp = HelperRestarts.Decision.givenUp(deaths: 5, reason: "was killed: memory limit 1 GiB")
        #expect(restarts.decision(for: "x", at: start + .seconds(3600)) == givenUp, "however long after")
        restarts.died("x", at: start + .seconds(3601), reason: "was killed: memory limit 1 GiB")
        #expect(restarts.decision(for: "x", at: start + .seconds(3602)) == givenUp)
    }

    /// The supervisor waits out the backoff on its clock (here a recorded sleep that moves the clock on) and
    /// then refuses with one line that says what to do.
    @Test func theSupervisorWaitsOutTheBackoffThenRefusesWithWhatToDo() async {
        let clock = Mutex((now: start, slept: [Duration]()))
        let supervisor = HelperSupervisor(
            now: { clock.withLock { $0.now } },
            sleep: { duration in clock.withLock { $0.now += duration; $0.slept.append(duration) } })
        #expect(await supervisor.admit("hostile") == nil)
        for _ in 1..<HelperRestarts.cap {
            supervisor.died("hostile", reason: "crashed (SIGSEGV (11))")
            #expect(await supervisor.admit("hostile") == nil)
        }
        #expect(clock.withLock { $0.slept } == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)])
        supervisor.died("hostile", reason: "was killed: memory limit 1 GiB")
        #expect(await supervisor.admit("hostile") == """
            plugin hostile's helper keeps crashing (5 times in this run; the last one was killed: memory limit 1 GiB), \
            so strata won't start it again: restart strata (or fix the plugin)
            """)
        #expect(clock.withLock { $0.slept.count } == 4, "no wait before a refusal")
    }

    /// The app opening a feature's screens doesn't wait out a backoff (it would freeze), but the cap holds:
    /// the fifth death in a run leaves the feature closed with the same line.
    @Test func theAppOpensAtOnceAfterADeathButNotPastTheCap() {
        let clock = Mutex(start)
        let supervisor = HelperSupervisor(now: { clock.withLock { $0 } }, sleep: { _ in Issue.record("the app waited") })
        for _ in 1..<HelperRestarts.cap {
            supervisor.died("blocks", reason: "was killed (SIGKILL)")
            #expect(supervisor.admitNow("blocks") == nil, "at once after a death")
        }
        supervisor.died("blocks", reason: "was killed (SIGKILL)")
        #expect(supervisor.admitNow("blocks")?.hasPrefix("plugin blocks's helper keeps crashing (5 times in this run;") == true)
        #expect(supervisor.admitNow("movies") == nil, "another plugin's helpers are counted apart")
    }
}
