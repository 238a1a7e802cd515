import Foundation

/// What `strata running track FILE` tells of a track, computed as gpxpy does where gpxpy has a name for it:
/// the 2D length (`length_2d`), the duration from the first time to the last, the moving time (a step
/// slower than ``stoppedSpeed`` is a pause, as replay counts it), the raw sums of rises and falls between
/// points, and the bounds.
public struct TrackStatistics: Sendable, Equatable {
    /// Below this speed a step counts as stopped: 1 km/h.
    public static let stoppedSpeed = 1000.0 / 3600

    public var name: String?
    public var fileName: String
    public var pointCount: Int
    /// How many points have a time; duration and moving time are given only when all have.
    public var timedPointCount: Int
    /// Segments that have points (an empty `<trkseg>` is not counted).
    public var segmentCount: Int
    public var lengthMeters: Double
    /// From the first point's time to the last one's, pauses and gaps between segments included, if every
    /// point has a time.
    public var duration: TimeInterval?
    /// The time spent moving, if every point has a time.
    public var movingTime: TimeInterval?
    /// Metres climbed and descended, if the points have elevations.
    public var elevationGain: Double?
    public var elevationLoss: Double?
    /// The lowest and highest elevation, if the points have elevations.
    public var elevationRange: ClosedRange<Double>?
    /// The smallest box holding every point, in degrees.
    public var bounds: Bounds?
    /// Elevation by distance along the track, for a profile.
    public var profile: [ProfilePoint]
    /// The positions, for a map.
    public var positions: [TrackSample.Position]

    public init(_ track: RunTrack) {
        name = track.name
        fileName = track.fileName
        pointCount = track.pointCount
        segmentCount = track.segments.count
        lengthMeters = track.lengthMeters
        let samples = track.segments.flatMap { $0 }
        let times = samples.compactMap(\.time)
        timedPointCount = times.count
        let allTimed = !times.isEmpty && times.count == samples.count
        duration = allTimed ? times.first.flatMap { first in times.last.map { $0.timeIntervalSince(first) } } : nil
        var moving = 0.0, gain = 0.0, loss = 0.0, timedSteps = 0, climbs = 0
        for segment in track.segments {
            for (previous, current) in zip(segment, segment.dropFirst()) {
                if let start = previous.time, let end = current.time, end > start {
                    timedSteps += 1
                    let seconds = end.timeIntervalSince(start)
                    if (current.distanceMeters - previous.distanceMeters) / seconds >= Self.stoppedSpeed { moving += seconds }
                }
                if let low = previous.elevation, let high = current.elevation {
                    climbs += 1
                    if high > low { gain += high - low } else { loss += low - high }
                }
            }
        }
        movingTime = allTimed && timedSteps > 0 ? moving : nil
        elevationGain = climbs > 0 ? gain : nil
        elevationLoss = climbs > 0 ? loss : nil
        let profile = samples.compactMap { sample in sample.elevation.map { ProfilePoint(distanceMeters: sample.distanceMeters, elevation: $0) } }
        self.profile = profile
        let elevations = profile.map(\.elevation)
        elevationRange = elevations.min().flatMap { low in elevations.max().map { low...$0 } }
        let positions = samples.compactMap(\.position)
        self.positions = positions
        if let first = positions.first {
            bounds = positions.reduce(Bounds(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)) { box, position in
                Bounds(south: min(box.south, position.latitude), west: min(box.west, position.longitude),
                       north: max(box.north, position.latitude), east: max(box.east, position.longitude))
            }
        }
    }

    /// South-west and north-east corners, in degrees.
    public struct Bounds: Sendable, Equatable {
        public var south, west, north, east: Double
    }

    /// How high the track is at a distance along it.
    public struct ProfilePoint: Sendable, Equatable {
        public var distanceMeters: Double
        public var elevation: Double
    }
}
