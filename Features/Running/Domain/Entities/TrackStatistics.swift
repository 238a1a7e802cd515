import Foundation

/// What a track is, when inspected, computed as gpxpy does where gpxpy has a name for it:
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
    /// Elevation by distance along the track, for a profile: every point's, up to `Builder.sampleLimit`
    /// points; a longer track keeps an evenly spaced selection.
    public var profile: [ProfilePoint]
    /// Where the track goes, for a map: every point's position, kept as the profile is.
    public var route: [RoutePoint] = []

    /// The statistics of a track in memory.
    public init(_ track: RunTrack) {
        var builder = Builder(fileName: track.fileName)
        builder.name = track.name
        for segment in track.segments {
            builder.startSegment()
            for sample in segment { builder.add(sample) }
        }
        self = builder.statistics
    }

    /// Gathers the statistics sample by sample, in memory that doesn't grow with the track, so that a file
    /// can be streamed through it.
    public struct Builder: Sendable {
        /// The most profile (or route) points kept; past it, every other one is dropped and the spacing doubles.
        public static let sampleLimit = 4096

        public var name: String?
        public private(set) var pointCount = 0
        private let fileName: String
        private var segmentCount = 0, timedPointCount = 0, timedSteps = 0, climbs = 0
        private var segmentPending = true
        private var previous: TrackSample?
        private var firstTime: Date?, lastTime: Date?
        private var moving = 0.0, gain = 0.0, loss = 0.0, lengthMeters = 0.0
        private var lowest = Double.infinity, highest = -Double.infinity
        private var bounds: Bounds?
        private var profile = EvenSelection<ProfilePoint>(limit: sampleLimit)
        private var route = EvenSelection<RoutePoint>(limit: sampleLimit)

        public init(fileName: String) { self.fileName = fileName }

        /// Starts a segment: steps are not counted across segments.
        public mutating func startSegment() {
            segmentPending = true
            previous = nil
        }

        /// Adds the next sample; its distance is from the track's start, as in `RunTrack`.
        public mutating func add(_ sample: TrackSample) {
            if segmentPending {
                segmentCount += 1
                segmentPending = false
            }
            pointCount += 1
            if let time = sample.time {
                timedPointCount += 1
                if firstTime == nil { firstTime = time }
                lastTime = time
            }
            if let previous {
                if let start = previous.time, let end = sample.time, end > start {
                    timedSteps += 1
                    let seconds = end.timeIntervalSince(start)
                    if (sample.distanceMeters - previous.distanceMeters) / seconds >= TrackStatistics.stoppedSpeed { moving += seconds }
                }
                if let low = previous.elevation, let high = sample.elevation {
                    climbs += 1
                    if high > low { gain += high - low } else { loss += low - high }
                }
            }
            if let elevation = sample.elevation {
                lowest = min(lowest, elevation)
                highest = max(highest, elevation)
                profile.offer(ProfilePoint(distanceMeters: sample.distanceMeters, elevation: elevation))
            }
            if let position = sample.position {
                route.offer(RoutePoint(position: position, segment: segmentCount, distanceMeters: sample.distanceMeters))
                let box = bounds ?? Bounds(south: position.latitude, west: position.longitude, north: position.latitude, east: position.longitude)
                bounds = Bounds(south: min(box.south, position.latitude), west: min(box.west, position.longitude),
                                north: max(box.north, position.latitude), east: max(box.east, position.longitude))
            }
            previous = sample
            lengthMeters = sample.distanceMeters
        }

        public var statistics: TrackStatistics {
            let allTimed = timedPointCount > 0 && timedPointCount == pointCount
            return TrackStatistics(
                name: name, fileName: fileName, pointCount: pointCount, timedPointCount: timedPointCount,
                segmentCount: segmentCount, lengthMeters: lengthMeters,
                duration: allTimed ? firstTime.flatMap { first in lastTime.map { $0.timeIntervalSince(first) } } : nil,
                movingTime: allTimed && timedSteps > 0 ? moving : nil,
                elevationGain: climbs > 0 ? gain : nil, elevationLoss: climbs > 0 ? loss : nil,
                elevationRange: lowest <= highest ? lowest...highest : nil, bounds: bounds, profile: profile.kept,
                route: route.kept)
        }
    }

    /// Every element offered, up to `limit`; past it, every other one kept is dropped and only every
    /// `spacing`-th one offered is kept, so the selection stays evenly spaced in bounded memory.
    struct EvenSelection<Element: Sendable>: Sendable {
        let limit: Int
        private(set) var kept: [Element] = []
        private var offered = 0, spacing = 1

        init(limit: Int) { self.limit = limit }

        mutating func offer(_ element: Element) {
            defer { offered += 1 }
            guard offered % spacing == 0 else { return }
            kept.append(element)
            if kept.count == limit {
                kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                spacing *= 2
            }
        }
    }

    public init(name: String?, fileName: String, pointCount: Int, timedPointCount: Int, segmentCount: Int,
                lengthMeters: Double, duration: TimeInterval?, movingTime: TimeInterval?, elevationGain: Double?,
                elevationLoss: Double?, elevationRange: ClosedRange<Double>?, bounds: Bounds?, profile: [ProfilePoint],
                route: [RoutePoint] = []) {
        self.name = name
        self.fileName = fileName
        self.pointCount = pointCount
        self.timedPointCount = timedPointCount
        self.segmentCount = segmentCount
        self.lengthMeters = lengthMeters
        self.duration = duration
        self.movingTime = movingTime
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.elevationRange = elevationRange
        self.bounds = bounds
        self.profile = profile
        self.route = route
    }

    /// South-west and north-east corners, in degrees.
    public struct Bounds: Sendable, Equatable {
        public var south, west, north, east: Double
    }

    /// A point of the route, and the segment (from 1) it belongs to: a map doesn't join two segments.
    public struct RoutePoint: Sendable, Equatable {
        public var position: TrackSample.Position
        public var segment: Int
        /// How far along the track it is.
        public var distanceMeters: Double

        public init(position: TrackSample.Position, segment: Int, distanceMeters: Double = 0) {
            self.position = position
            self.segment = segment
            self.distanceMeters = distanceMeters
        }
    }

    /// How high the track is at a distance along it.
    public struct ProfilePoint: Sendable, Equatable {
        public var distanceMeters: Double
        public var elevation: Double
    }
}
