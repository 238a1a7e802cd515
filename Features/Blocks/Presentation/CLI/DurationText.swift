/// Durations as people type and read them: `50m`, `1h30m`, `90s`, `1h 5m 10s`; a bare number means minutes.
public enum DurationText {
    /// Seconds for `text`, or `nil` if it is not a duration (or too long to count in seconds).
    public static func seconds(from text: String) -> Int? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        guard !compact.isEmpty else { return nil }
        /// `value` × `unit` added to `total`, or nil past what an Int holds.
        func adding(_ value: Int, _ unit: Int, to total: Int) -> Int? {
            let (product, overflow) = value.multipliedReportingOverflow(by: unit)
            let (sum, overflowed) = total.addingReportingOverflow(product)
            return overflow || overflowed ? nil : sum
        }
        if let minutes = Int(compact) { return minutes >= 0 ? adding(minutes, 60, to: 0) : nil }
        var total = 0, number = "", sawUnit = false
        for character in compact {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), let unit = ["h": 3600, "m": 60, "s": 1][character],
                let sum = adding(value, unit, to: total)
            else { return nil }
            total = sum
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    /// `1h 30m`, `50m`, `45s`, `2h`, `0s`.
    public static func text(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest)s") }
        return parts.joined(separator: " ")
    }
}

/// Wall-clock times of day: `09:00`, `9:05`, `21:30:15`.
public enum ClockTimeText {
    /// Seconds from midnight for `text`, or `nil` if it is not a time of day.
    public static func seconds(from text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let hour = parts[0]!, minute = parts[1]!, second = parts.count == 3 ? parts[2]! : 0
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// `09:00`, or `09:00:30` when there are seconds.
    public static func text(_ seconds: Int) -> String {
        let hour = seconds / 3600, minute = seconds / 60 % 60, second = seconds % 60
        let base = "\(twoDigits(hour)):\(twoDigits(minute))"
        return second == 0 ? base : base + ":\(twoDigits(second))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
