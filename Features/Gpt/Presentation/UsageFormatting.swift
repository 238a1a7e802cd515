import Foundation
import GptDomain

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

    /// `Today's limit of 10 uses is reached. It resets at 2026-03-11T00:00:00+09:00.`
    public static func limitMessage(_ usage: Usage, in timeZone: TimeZone) -> String {
        "Today's limit of \(usage.limit) uses is reached. It resets at \(iso8601(usage.resetsAt, in: timeZone))."
    }
}

extension UsageFormatting {
    /// The error's message, with a reset time written in the user's time zone.
    public static func message(for error: GptError, in timeZone: TimeZone) -> String {
        if case .limitReached(let limit, let resetsAt) = error {
            return limitMessage(Usage(used: limit, limit: limit, resetsAt: resetsAt), in: timeZone)
        }
        return error.description
    }
}
