import Foundation
import StrataBase
import Testing

/// The SDK's wall-clock instant: nanoseconds since 1970, with its conversions bounded.
@Suite struct TimestampTests {
    @Test func secondsAndNanosecondsAgree() {
        let instant = Timestamp(secondsSince1970: 1_800_000_000.25)
        #expect(instant.nanosecondsSince1970 == 1_800_000_000_250_000_000)
        #expect(instant.secondsSince1970 == 1_800_000_000.25)
        #expect(Timestamp(secondsSince1970: -1.5).nanosecondsSince1970 == -1_500_000_000)
    }

    @Test func arithmeticAndOrder() {
        let start = Timestamp(secondsSince1970: 100)
        let later = start.adding(seconds: 90.5)
        #expect(later.seconds(since: start) == 90.5)
        #expect(start.seconds(since: later) == -90.5)
        #expect(start < later && later.adding(seconds: -90.5) == start)
    }

    /// Values past what Int64 nanoseconds count (or not numbers) are clamped instead of trapping.
    @Test func outOfRangeValuesAreClampedNotTrapped() {
        #expect(Timestamp(secondsSince1970: 1e300).nanosecondsSince1970 == .max)
        #expect(Timestamp(secondsSince1970: -.infinity).nanosecondsSince1970 == .min)
        #expect(Timestamp(secondsSince1970: .nan).nanosecondsSince1970 == 0)
        #expect(Timestamp(nanosecondsSince1970: .max - 1).adding(seconds: 10).nanosecondsSince1970 == .max)
        #expect(Timestamp(nanosecondsSince1970: .min + 1).adding(seconds: -10).nanosecondsSince1970 == .min)
    }

    @Test func nowIsTheSystemClock() {
        let before = Date().timeIntervalSince1970
        let now = Timestamp.now().secondsSince1970
        let after = Date().timeIntervalSince1970
        #expect(now >= before - 0.001 && now <= after + 0.001)
    }
}
