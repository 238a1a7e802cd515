import Foundation
import RunningDomain
import StrataRuntime

/// The host's wall clock as the run clock of the Domain.
struct RuntimeRunClock: RunClock {
    let wallClock: any WallClock

    func now() -> Date { Date(timeIntervalSince1970: wallClock.now().secondsSince1970) }

    func sleep(seconds: Double) async throws { try await wallClock.sleep(seconds: seconds) }
}
