import Foundation

/// The one rounding of a distance shown to a person, wherever it is shown (a track's length, a run's
/// distance, a goal, a live host's refusal): two decimals, cut toward zero. A length is never shown as more
/// than there is, so the length `running track` prints is a goal the track is long enough for, and
/// `import`, `history` and a live host say the same figure for the same track (3.099 km is 3.09 everywhere).
public enum ShownDistance {
    /// `km` to 0.01 km, toward zero; a float within 0.01 mm under a hundredth (4.9999999999 for 5) is that hundredth.
    public static func hundredths(_ km: Double) -> Double {
        guard km.isFinite else { return km }
        return (km * 100 + (km < 0 ? -1e-6 : 1e-6)).rounded(.towardZero) / 100
    }

    /// `3.09`: ``hundredths(_:)`` with two decimals.
    public static func text(_ km: Double) -> String {
        String(format: "%.2f", hundredths(km))
    }
}
