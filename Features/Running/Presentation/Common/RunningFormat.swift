import Foundation
import RunningDomain

/// How numbers of a run are written for people.
public enum RunningFormat {
    /// `mm:ss` below an hour, `h:mm:ss` from one hour on.
    public static func elapsedTime(_ seconds: Int) -> String {
        let total = max(0, seconds)
        let hours = total / 3600, minutes = total % 3600 / 60, secs = total % 60
        if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" }
        return "\(twoDigits(minutes)):\(twoDigits(secs))"
    }

    /// Any distance or length, wherever it is shown (`running track`, a run, a result, history, an error):
    /// two decimals cut toward zero (``ShownDistance``), the most the user can type back as a goal and
    /// have accepted: 3.099 km is `3.09` everywhere, never `3.10`, which is more than there is.
    public static func distance(_ km: Double) -> String {
        ShownDistance.text(km)
    }

    /// A whole percentage of `fraction` (0...1 shown as 0...100), rounded to the nearest; 100 % only when
    /// it is all (99.6 % short of it reads 99 %).
    public static func percent(_ fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        let clamped = min(max(fraction, 0), 1)
        let value = Int((clamped * 100).rounded())
        return value == 100 && clamped < 1 ? 99 : value
    }

    /// Progress toward `targetKm` as a whole percentage of the distance as it is shown (``distance(_:)``),
    /// so that "0.69 / 1.00 km" reads 69 %; 100 % only at the goal.
    public static func progress(_ km: Double, of targetKm: Double) -> Int {
        guard targetKm > 0, km.isFinite else { return 0 }
        let value = percent(ShownDistance.hundredths(km) / targetKm)
        return value == 100 && km < targetKm ? 99 : value
    }

    /// The whole percentages of `targetKm` that `parts` make, adding up to the percentage of their sum (the
    /// largest remainders take the odd points): a team's 45.5 % and 54.5 % read 46 % and 54 %, the 100 % they
    /// make together, not 45 % and 54 %.
    public static func progress(ofParts parts: [Double], of targetKm: Double) -> [Int] {
        guard targetKm > 0 else { return parts.map { _ in 0 } }
        let exact = parts.map { $0.isFinite ? max(0, $0) / targetKm * 100 : 0 }
        var whole = exact.map { Int($0.rounded(.down)) }
        var missing = progress(parts.reduce(0) { $0 + ($1.isFinite ? max(0, $1) : 0) }, of: targetKm) - whole.reduce(0, +)
        for index in exact.indices.sorted(by: { exact[$0] - exact[$0].rounded(.down) > exact[$1] - exact[$1].rounded(.down) }) where missing > 0 {
            whole[index] += 1
            missing -= 1
        }
        return whole
    }

    /// A run's average pace, `5:42/km`, or `-` before the first 10 m.
    public static func pace(_ result: RunningResult) -> String {
        // From the history file: a time or distance no run has gives no pace, not a trap converting it.
        let perKm = (Double(result.elapsedSeconds) / result.distanceKm).rounded()
        guard result.distanceKm >= 0.01, perKm.isFinite, (0..<360_000).contains(perKm) else { return "-" }
        let seconds = Int(perKm)
        return "\(seconds / 60):\(twoDigits(seconds % 60))/km"
    }

    /// A count and its noun, singular for one: `count(1, "point")` is `1 point`, `count(3, "run")` `3 runs`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Whole kilocalories; `-` for a number no run burns (from a damaged history file: -1e308, NaN), not a
    /// trap converting it.
    public static func calories(_ kcal: Double) -> String {
        Int(exactly: kcal.rounded()).map(String.init) ?? "-"
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
