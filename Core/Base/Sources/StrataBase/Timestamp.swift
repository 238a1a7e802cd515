internal import Glibc

/// An instant of wall-clock time: nanoseconds since 1970-01-01 00:00:00 UTC (the Unix epoch), as the SDK's
/// public API hands it out (`WallClock.now()`) instead of Foundation's `Date`, whose layout is not part of a
/// stable ABI. Plugins that want a `Date` convert at their edge: `Date(timeIntervalSince1970: t.secondsSince1970)`.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the Unix epoch; negative before it.
    public var nanosecondsSince1970: Int64

    /// The instant `nanoseconds` after the Unix epoch.
    public init(nanosecondsSince1970 nanoseconds: Int64) {
        nanosecondsSince1970 = nanoseconds
    }

    /// The instant `seconds` after the Unix epoch, to the nanosecond; clamped to the years Int64 nanoseconds
    /// can count (1677 to 2262), and the epoch itself for a value that is not a number.
    public init(secondsSince1970 seconds: Double) {
        nanosecondsSince1970 = Self.nanoseconds(seconds)
    }

    /// The system's wall-clock time now (`CLOCK_REALTIME`). Code that tests should control reads a
    /// `WallClock` (StrataRuntime) instead.
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(nanosecondsSince1970: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    /// Seconds since the Unix epoch, with the fraction.
    public var secondsSince1970: Double {
        let (whole, fraction) = nanosecondsSince1970.quotientAndRemainder(dividingBy: 1_000_000_000)
        return Double(whole) + Double(fraction) / 1_000_000_000
    }

    /// The instant `seconds` later (earlier when negative), clamped as `init(secondsSince1970:)`.
    public func adding(seconds: Double) -> Timestamp {
        let (sum, overflow) = nanosecondsSince1970.addingReportingOverflow(Self.nanoseconds(seconds))
        if overflow { return Timestamp(nanosecondsSince1970: seconds < 0 ? .min : .max) }
        return Timestamp(nanosecondsSince1970: sum)
    }

    /// Seconds from `other` to this instant (negative when this one is earlier).
    public func seconds(since other: Timestamp) -> Double {
        let (difference, overflow) = nanosecondsSince1970.subtractingReportingOverflow(other.nanosecondsSince1970)
        if overflow { return (Double(nanosecondsSince1970) - Double(other.nanosecondsSince1970)) / 1_000_000_000 }
        return Timestamp(nanosecondsSince1970: difference).secondsSince1970
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanosecondsSince1970 < rhs.nanosecondsSince1970 }

    /// Seconds since the epoch, e.g. `1800000000.5`.
    public var description: String { "\(secondsSince1970)" }

    /// `seconds` as whole nanoseconds: the whole seconds and the fraction converted apart, so that an instant
    /// of today (1.8e18 ns, past Double's 2^53) keeps its fraction to the nanosecond.
    private static func nanoseconds(_ seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        let whole = seconds.rounded(.down)
        // 9.2e9 s is the most Int64 nanoseconds hold; anything at or past it (either way) is clamped.
        guard whole < 9_223_372_036, whole >= -9_223_372_037 else { return seconds < 0 ? .min : .max }
        let fraction = Int64(((seconds - whole) * 1_000_000_000).rounded())
        let (scaled, overflow) = Int64(whole).multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, overflowAgain) = scaled.addingReportingOverflow(fraction)
        if overflow || overflowAgain { return seconds < 0 ? .min : .max }
        return sum
    }
}
