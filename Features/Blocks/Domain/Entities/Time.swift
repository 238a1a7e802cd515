/// Hours, minutes and seconds, with Tempus's borrowing arithmetic. Never negative: counting down past zero
/// stops at 0:00:00.
public struct Time: Sendable, Hashable, Comparable, CustomStringConvertible {
    public private(set) var hours: Int
    public private(set) var minutes: Int
    public private(set) var seconds: Int

    /// Splits a number of seconds; negative values become zero.
    public init(totalSeconds: Int) {
        let total = max(0, totalSeconds)
        hours = total / 3600
        minutes = total / 60 % 60
        seconds = total % 60
    }

    /// Builds a time from parts, carrying overflowing seconds and minutes upward.
    public init(hours: Int, minutes: Int, seconds: Int) {
        self.init(totalSeconds: hours * 3600 + minutes * 60 + seconds)
    }

    public var totalSeconds: Int { hours * 3600 + minutes * 60 + seconds }

    /// Counts down by `amount` seconds, borrowing a minute when seconds run out and an hour when minutes do.
    public mutating func countDown(by amount: Int = 1) {
        precondition(amount >= 0, "count down by a positive amount")
        guard amount < totalSeconds else {
            self = .zero
            return
        }
        seconds -= amount % 60
        minutes -= amount / 60 % 60
        hours -= amount / 3600
        if seconds < 0 {
            seconds += 60
            minutes -= 1
        }
        if minutes < 0 {
            minutes += 60
            hours -= 1
        }
    }

    /// The time `amount` seconds earlier (never below zero).
    public func subtracting(_ amount: Int) -> Time {
        var copy = self
        copy.countDown(by: amount)
        return copy
    }

    /// The time `amount` seconds later, carrying into minutes and hours.
    public func adding(_ amount: Int) -> Time {
        precondition(amount >= 0, "add a positive amount")
        var copy = self
        copy.seconds += amount % 60
        copy.minutes += amount / 60 % 60
        copy.hours += amount / 3600
        if copy.seconds >= 60 {
            copy.seconds -= 60
            copy.minutes += 1
        }
        if copy.minutes >= 60 {
            copy.minutes -= 60
            copy.hours += 1
        }
        return copy
    }

    public static let zero = Time(totalSeconds: 0)

    public static func < (lhs: Time, rhs: Time) -> Bool { lhs.totalSeconds < rhs.totalSeconds }

    /// `h:mm:ss`, e.g. `1:05:09`.
    public var description: String {
        "\(hours):\(Self.twoDigits(minutes)):\(Self.twoDigits(seconds))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
