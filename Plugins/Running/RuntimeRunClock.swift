import Foundation
import RunningDomain
import StrataRuntime

/// The host's wall clock as the run clock of the Domain.
struct RuntimeRunClock: RunClock {
    let wallClock: any WallClock

    func now() -> Date { wallClock.now() }

    func sleep(seconds: Double) async throws { try await wallClock.sleep(seconds: seconds) }
}
