/// A running pace in seconds per kilometre, written `m:ss` (`5:30` = 5 min 30 s per km).
public struct Pace: Sendable, Equatable {
    public let secondsPerKm: Double

    /// Faster than a world record or slower than a slow walk is refused.
    public static let fastest = 120.0
    public static let slowest = 1800.0

    public init?(secondsPerKm: Double) {
        guard secondsPerKm >= Self.fastest, secondsPerKm <= Self.slowest else { return nil }
        self.secondsPerKm = secondsPerKm
    }

    /// Reads `m:ss`; `nil` for anything else or a pace outside 2:00 ... 30:00.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]),
            minutes >= 0, (0..<60).contains(seconds)
        else { return nil }
        self.init(secondsPerKm: Double(minutes * 60 + seconds))
    }
}
