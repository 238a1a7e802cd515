import BlocksDomain
import FoundationEssentials
import StrataRuntime

/// The host's wall clock, seen through the feature's own clock protocol.
struct HostBlocksClock: BlocksClock {
    let wallClock: any WallClock

    func now() -> Date { Date(timeIntervalSince1970: wallClock.now().secondsSince1970) }
}
