/// The poster widths TMDB serves (`/t/p/w92/…` to `/t/p/w780/…`).
public enum PosterSize {
    /// TMDB's poster widths, smallest first.
    public static let widths = [92, 154, 185, 342, 500, 780]

    /// The TMDB width closest to `width`; between two equally close widths the larger one, so a poster
    /// is scaled down rather than up.
    public static func closestWidth(to width: Int) -> Int {
        widths.min { lhs, rhs in
            let left = abs(lhs - width), right = abs(rhs - width)
            return left == right ? lhs > rhs : left < right
        } ?? widths[0]
    }
}
