import Foundation

/// Reads the goal distance a person typed.
///
/// Empty input means the default; `0` also means the default (as in MateRunner); at most two decimals;
/// at most `maximumKm`.
public enum GoalInput {
    public static let defaultKm = 5.0
    /// Longer than an ultramarathon's usual 50 / 100 km would take a replay more than a day.
    public static let maximumKm = 100.0

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notANumber(String)
        case negative(String)
        case tooManyDecimals(String)
        case tooLong(String)

        public var description: String {
            switch self {
            case .notANumber(let text): "the goal \"\(text)\" is not a number of kilometres (e.g. 5 or 10.5)"
            case .negative(let text): "the goal \(text) km is negative; give a distance from 0.01 to \(GoalInput.maximumText) km"
            case .tooManyDecimals(let text): "the goal \(text) km has more than two decimals; round it to 0.01 km"
            case .tooLong(let text): "the goal \(text) km is longer than the maximum of \(GoalInput.maximumText) km"
            }
        }
    }

    static var maximumText: String { RunningFormat.distance(maximumKm) }

    /// The goal in km for `text`, or the problem with it.
    public static func parse(_ text: String?, defaultKm: Double = GoalInput.defaultKm) -> Result<Double, Problem> {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(defaultKm) }
        let allowed = CharacterSet(charactersIn: "0123456789.-+")
        guard trimmed.unicodeScalars.allSatisfy(allowed.contains), let value = Double(trimmed),
              value.isFinite else {
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
