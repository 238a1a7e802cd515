import Foundation

/// Reads the goal distance a person typed.
///
/// Empty input means the default; `0` also means the default (as in MateRunner); at most two decimals;
/// at most `maximumKm`.
public enum GoalInput {
    public static let defaultKm = 5.0
    /// Longer than an ultramarathon's usual 50 / 100 km would take a replay more than a day.
    public static let maximumKm = 100.0

    /// Why a typed goal is refused, as data (Presentation's `RunningErrorText` words it).
    public enum Problem: Error, Equatable {
        case notANumber(String)
        case negative(String)
        case tooManyDecimals(String)
        case tooLong(String)
    }

    /// The goal in km for `text`, or the problem with it.
    public static func parse(_ text: String?, defaultKm: Double = GoalInput.defaultKm) -> Result<Double, Problem> {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(defaultKm) }
        let allowed = CharacterSet(charactersIn: "0123456789.-+")
        guard trimmed.unicodeScalars.allSatisfy(allowed.contains), let value = Double(trimmed),
            value.isFinite
        else {
            return .failure(.notANumber(trimmed))
        }
        if value < 0 { return .failure(.negative(trimmed)) }
        if let dot = trimmed.firstIndex(of: "."), trimmed[trimmed.index(after: dot)...].count > 2 {
            return .failure(.tooManyDecimals(trimmed))
        }
        if value > maximumKm { return .failure(.tooLong(trimmed)) }
        if value == 0 { return .success(defaultKm) }
        return .success((value * 100).rounded() / 100)
    }
}
