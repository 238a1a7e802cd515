import Foundation
import RunningDomain

/// `strata running track FILE --json`.
public struct TrackJSON: Encodable, Sendable, Equatable {
    public struct Bounds: Encodable, Sendable, Equatable {
        public var south, west, north, east: Double
    }

    public var name: String?
    public var file: String
    public var points: Int
    public var segments: Int
    /// 2D, like gpxpy's `length_2d`.
    public var lengthKm: Double
    /// The elapsed time (each track's earliest to latest time, summed), if every point has a time.
    public var durationSeconds: Double?
    public var timedPoints: Int
    public var movingSeconds: Double?
    /// Smoothed as gpxpy smooths them.
    public var elevationGainMeters: Double?
    public var elevationLossMeters: Double?
    public var bounds: Bounds?
    /// What looked wrong in the file and was left out, in words.
    public var warnings: [String]

    public init(_ statistics: TrackStatistics) {
        name = statistics.name
        file = statistics.fileName
        points = statistics.pointCount
        segments = statistics.segmentCount
        lengthKm = (statistics.lengthMeters / 1000 * 100_000).rounded() / 100_000
        durationSeconds = statistics.duration
        timedPoints = statistics.timedPointCount
        movingSeconds = statistics.movingTime
        elevationGainMeters = statistics.elevationGain.map { ($0 * 10).rounded() / 10 }
        elevationLossMeters = statistics.elevationLoss.map { ($0 * 10).rounded() / 10 }
        bounds = statistics.bounds.map { Bounds(south: $0.south, west: $0.west, north: $0.north, east: $0.east) }
        warnings = statistics.warnings.map(TrackReport.text)
    }
}

/// `strata running track FILE`: the statistics as lines, with the elevation profile as a sparkline and the
/// route as a braille map.
public enum TrackReport {
    /// The sparkline's and the map's width in characters.
    public static let profileWidth = 48
    /// The map's greatest height in rows.
    public static let mapHeight = 12

    public static func text(_ statistics: TrackStatistics) -> String {
        var lines = ["\(statistics.name ?? statistics.fileName)"]
        lines.append("Points      \(statistics.pointCount) in \(RunningFormat.count(statistics.segmentCount, "segment"))")
        lines.append("Length      \(RunningFormat.distance(statistics.lengthMeters / 1000)) km")
        if let duration = statistics.duration, let moving = statistics.movingTime {
            lines.append("Duration    \(RunningFormat.elapsedTime(Int(duration.rounded()))) (moving \(RunningFormat.elapsedTime(Int(moving.rounded()))))")
        } else if statistics.timedPointCount == 0 {
            lines.append("Duration    - (the points have no times)")
        } else {
            lines.append(
                "Duration    - (\(statistics.timedPointCount) of \(RunningFormat.count(statistics.pointCount, "point")) \(statistics.timedPointCount == 1 ? "has" : "have") a time; a duration needs them all)"
            )
        }
        if let gain = statistics.elevationGain, let loss = statistics.elevationLoss, let range = statistics.elevationRange {
            lines.append(
                "Elevation   +\(Int(gain.rounded())) m / -\(Int(loss.rounded())) m, \(Int(range.lowerBound.rounded()))–\(Int(range.upperBound.rounded())) m")
            lines.append("Profile     \(sparkline(statistics.profile, width: profileWidth))")
        } else {
            lines.append("Elevation   - (the points have no elevations)")
        }
        if let bounds = statistics.bounds {
            lines.append(
                "Bounds      \(coordinate(bounds.south, "N", "S")) \(coordinate(bounds.west, "E", "W")) to "
                    + "\(coordinate(bounds.north, "N", "S")) \(coordinate(bounds.east, "E", "W"))")
        }
        for (index, row) in BrailleMap.rows(statistics.route, width: profileWidth, maxHeight: mapHeight).enumerated() {
            lines.append((index == 0 ? "Map         " : "            ") + row)
        }
        for warning in statistics.warnings { lines.append("Warning     " + text(warning)) }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func text(_ warning: TrackStatistics.Warning) -> String {
        switch warning {
        case .clockStepsBack(let point, let seconds):
            "the clock steps back \(RunningFormat.elapsedTime(Int(seconds.rounded()))) at point \(point); that point's time and step are not counted"
        }
    }

    /// The elevation along the track in `width` columns of ▁▂▃▄▅▆▇█, each the mean of the points in its
    /// stretch of distance; a column with no point repeats its neighbour.
    public static func sparkline(_ profile: [TrackStatistics.ProfilePoint], width: Int) -> String {
        guard let first = profile.first, let last = profile.last, width > 0 else { return "" }
        let span = max(last.distanceMeters - first.distanceMeters, 1e-9)
        var sums = [Double](repeating: 0, count: width), counts = [Int](repeating: 0, count: width)
        for point in profile {
            let column = min(width - 1, Int((point.distanceMeters - first.distanceMeters) / span * Double(width)))
            sums[column] += point.elevation
            counts[column] += 1
        }
        var means: [Double] = []
        for column in 0..<width {
            means.append(counts[column] > 0 ? sums[column] / Double(counts[column]) : (means.last ?? first.elevation))
        }
        let low = means.min() ?? 0, high = means.max() ?? 0
        let bars = Array("▁▂▃▄▅▆▇█")
        return String(
            means.map { mean in
                high - low < 0.5 ? bars[0] : bars[min(bars.count - 1, Int((mean - low) / (high - low) * Double(bars.count - 1) + 0.5))]
            })
    }

    private static func coordinate(_ degrees: Double, _ positive: String, _ negative: String) -> String {
        String(format: "%.5f°%@", abs(degrees), degrees < 0 ? negative : positive)
    }
}
