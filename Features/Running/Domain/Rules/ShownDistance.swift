import Foundation

/// The one rounding of a distance shown to a person, wherever it is shown (a track's length, a run's
/// distance, a goal, a live host's refusal): two decimals, cut toward zero. A length is never shown as more
/// than there is, so the length `running track` prints is a goal the track is long enough for, and
/// `import`, `history` and a live host say the same figure for the same track (3.099 km is 3.09 everywhere).
public enum ShownDistance {
    /// `km` to 0.01 km, toward zero (a float a hair under a hundredth, 4.999999999 for 5, is 5.00).
    public static func hundredths(_ km: Double) -> Double {
        guard km.isFinite else { return km }
        return (km * 100 + (km < 0 ? -1e-9 : 1e-9)).rounded(.towardZero) / 100
    }

    /// `3.09`: ``hundredths(_:)`` with two decimals.
    public static func text(_ km: Double) -> String {
        String(format: "%.2f", hundredths(km))
    }
}
