import RunningDomain
import Foundation

/// How numbers of a run are written for people.
public enum RunningFormat {
    /// `mm:ss` below an hour, `h:mm:ss` from one hour on.
    public static func elapsedTime(_ seconds: Int) -> String {
        let total = max(0, seconds)
        let hours = total / 3600, minutes = total % 3600 / 60, secs = total % 60
        if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" }
        return "\(twoDigits(minutes)):\(twoDigits(secs))"
    }

    /// Two decimals, rounded: `5.00`, `3.14`.
    public static func distance(_ km: Double) -> String {
        String(format: "%.2f", km)
    }

    /// A track's length, wherever it is shown (`running track`, a result, an error): two decimals rounded
    /// down, the most the user can type back as a goal and have accepted (3.099 km is `3.09`, where
    /// `distance` would say `3.10`, which is more than there is).
    public static func trackLength(_ km: Double) -> String {
        String(format: "%.2f", (km * 100 + 1e-9).rounded(.down) / 100)
    }

    /// A whole percentage of `fraction` (0...1 shown as 0...100), rounded down so that 100 % means done.
    public static func percent(_ fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        return Int((min(max(fraction, 0), 1) * 100 + 1e-9).rounded(.down))
    }

    /// Progress toward `targetKm` as a whole percentage.
    public static func progress(_ km: Double, of targetKm: Double) -> Int {
        targetKm > 0 ? percent(km / targetKm) : 0
    }

    /// A run's average pace, `5:42/km`, or `-` before the first 10 m.
    public static func pace(_ result: RunningResult) -> String {
        guard result.distanceKm >= 0.01 else { return "-" }
        let seconds = Int((Double(result.elapsedSeconds) / result.distanceKm).rounded())
        return "\(seconds / 60):\(twoDigits(seconds % 60))/km"
    }

    /// Whole kilocalories.
    public static func calories(_ kcal: Double) -> String {
        String(Int(kcal.rounded()))
    }

    /// `2026-11-20 07:12`, in `timeZone`.
    public static func dateTime(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
