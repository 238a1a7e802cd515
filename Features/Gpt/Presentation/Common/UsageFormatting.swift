import Foundation
import GptDomain
import StrataBase

/// How usage and times are written for people and for JSON.
public enum UsageFormatting {
    /// `uses today 3/10`.
    public static func usesToday(_ usage: Usage) -> String {
        "uses today \(usage.used)/\(usage.limit)"
    }

    /// `2026-03-11T00:00:00+09:00`: the moment in the user's time zone.
    public static func iso8601(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// `2026-03-10 23:30`: a moment to the minute in the user's time zone.
    public static func minute(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    /// `at midnight, in 4 h 12 min`: when the uses come back, as a time of day in the zone the day is
    /// counted in and as a wait from `now`. When that zone's clock reads otherwise than the person's own
    /// (`localZone`, the process's), the time names it: `at midnight (Asia/Seoul), in 4 h 12 min`.
    public static func resetText(_ resetsAt: Date, now: Date, in timeZone: TimeZone, localZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute], from: resetsAt)
        let hour = time.hour ?? 0, minute = time.minute ?? 0
        let zone = timeZone.secondsFromGMT(for: resetsAt) == localZone.secondsFromGMT(for: resetsAt) ? "" : " (\(timeZone.identifier))"
        let at = (hour == 0 && minute == 0 ? "midnight" : String(format: "%02d:%02d", hour, minute)) + zone
        let minutes = Int((resetsAt.timeIntervalSince(now) / 60).rounded(.up))
        let wait =
            switch minutes {
            case ...0: "now"
            case ..<60: "in \(minutes) min"
            case _ where minutes % 60 == 0: "in \(minutes / 60) h"
            default: "in \(minutes / 60) h \(minutes % 60) min"
            }
        return "at \(at), \(wait)"
    }

    /// `Today's limit of 10 uses is reached. It resets at midnight, in 4 h 12 min.`
    public static func limitMessage(_ usage: Usage, now: Date, in timeZone: TimeZone, localZone: TimeZone = .current) -> String {
        "Today's limit of \(countText(usage.limit, "use")) is reached. "
            + "It resets \(resetText(usage.resetsAt, now: now, in: timeZone, localZone: localZone))."
    }
}
