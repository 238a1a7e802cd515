import Foundation

/// What a track is, when inspected: the 2D length (gpxpy's `length_2d`), the elapsed time (``duration``),
/// the moving time (a step slower than ``stoppedSpeed`` is a pause, as replay counts it), the climb and
/// descent smoothed as gpxpy smooths them (``ElevationClimb``), and the bounds.
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
    /// The elapsed time, if every point has a time: for each `<trk>`, from its earliest time to its latest
    /// (pauses between its segments included), summed over the tracks. Never negative, and tracks out of
    /// date order or years apart add only their own spans. gpxpy's `get_duration` sums each segment's
    /// span instead (pauses between segments left out).
    public var duration: TimeInterval?
    /// The time spent moving, if every point has a time; never more than ``duration``.
    public var movingTime: TimeInterval?
    /// What looked wrong in the file and was left out (a clock stepping back), at most ``Builder/warningLimit``.
    public var warnings: [Warning] = []
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
        for (index, segment) in track.segments.enumerated() {
            if index > 0, track.segmentTracks[index] != track.segmentTracks[index - 1] { builder.startTrack() }
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
        /// The most warnings kept (a broken clock could step back at every point).
        public static let warningLimit = 10

        public var name: String?
        public private(set) var pointCount = 0
        private let fileName: String
        private var segmentCount = 0, timedPointCount = 0
        private var segmentPending = true
        private var previous: TrackSample?
        /// The earliest and latest time of the track under way; the spans of the tracks before it.
        private var trackFirst: Date?, trackLast: Date?
        private var closedSpans = 0.0
        private var moving = 0.0, lengthMeters = 0.0
        private var climb = ElevationClimb()
        private var warnings: [Warning] = []
        private var lowest = Double.infinity, highest = -Double.infinity
        private var bounds: Bounds?
        private var profile = EvenSelection<ProfilePoint>(limit: sampleLimit)
        private var route = EvenSelection<RoutePoint>(limit: sampleLimit)

        public init(fileName: String) { self.fileName = fileName }

        /// Starts a `<trk>`: its span is measured on its own.
        public mutating func startTrack() {
            closedSpans += trackSpan
            trackFirst = nil
            trackLast = nil
        }

        /// Starts a segment: steps are not counted across segments.
        public mutating func startSegment() {
            segmentPending = true
            previous = nil
            climb.startSegment()
        }

        private var trackSpan: Double {
            guard let trackFirst, let trackLast else { return 0 }
            return trackLast.timeIntervalSince(trackFirst)
        }

        /// Adds the next sample; its distance is from the track's start, as in `RunTrack`.
        public mutating func add(_ sample: TrackSample) {
            if segmentPending {
                segmentCount += 1
                segmentPending = false
            }
            pointCount += 1
            var stepsBack = false
            if let previous, let start = previous.time, let end = sample.time {
                let seconds = end.timeIntervalSince(start)
                stepsBack = seconds < 0
                if stepsBack, warnings.count < Self.warningLimit {
                    warnings.append(.clockStepsBack(point: pointCount, seconds: -seconds))
                }
                if seconds > 0, (sample.distanceMeters - previous.distanceMeters) / seconds >= TrackStatistics.stoppedSpeed { moving += seconds }
            }
            if let time = sample.time {
                timedPointCount += 1
                // A point timed before the one before it is a clock glitch: its time is not counted in the
                // elapsed time either (one point 4:38 back once made a 41 s track last 5:01).
                if !stepsBack {
                    trackFirst = min(trackFirst ?? time, time)
                    trackLast = max(trackLast ?? time, time)
                }
            }
            if let elevation = sample.elevation {
                climb.add(elevation)
                lowest = min(lowest, elevation)
                highest = max(highest, elevation)
                profile.offer(ProfilePoint(distanceMeters: sample.distanceMeters, elevation: elevation))
            }
            if let position = sample.position {
                route.offer(RoutePoint(position: position, segment: segmentCount, distanceMeters: sample.distanceMeters))
                let box = bounds ?? Bounds(south: position.latitude, west: position.longitude, north: position.latitude, east: position.longitude)
                bounds = Bounds(
                    south: min(box.south, position.latitude), west: min(box.west, position.longitude),
                    north: max(box.north, position.latitude), east: max(box.east, position.longitude))
            }
            previous = sample
            lengthMeters = sample.distanceMeters
        }

        public var statistics: TrackStatistics {
            let allTimed = timedPointCount > 0 && timedPointCount == pointCount
            let elapsed = closedSpans + trackSpan
            let climbed = climb.settled
            var statistics = TrackStatistics(
                name: name, fileName: fileName, pointCount: pointCount, timedPointCount: timedPointCount,
                segmentCount: segmentCount, lengthMeters: lengthMeters,
                duration: allTimed ? elapsed : nil, movingTime: allTimed ? min(moving, elapsed) : nil,
                elevationGain: climbed.steps > 0 ? climbed.gain : nil, elevationLoss: climbed.steps > 0 ? climbed.loss : nil,
                elevationRange: lowest <= highest ? lowest...highest : nil, bounds: bounds, profile: profile.kept,
                route: route.kept)
            statistics.warnings = warnings
            return statistics
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

    public init(
        name: String?, fileName: String, pointCount: Int, timedPointCount: Int, segmentCount: Int,
        lengthMeters: Double, duration: TimeInterval?, movingTime: TimeInterval?, elevationGain: Double?,
        elevationLoss: Double?, elevationRange: ClosedRange<Double>?, bounds: Bounds?, profile: [ProfilePoint],
        route: [RoutePoint] = []
    ) {
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

    /// Something in the file a person should know, as data (Presentation words it).
    public enum Warning: Sendable, Equatable {
        /// Point `point` (from 1) is timed `seconds` before the point before it in its segment: that step
        /// is not counted as moving, nor that point's time in the elapsed time.
        case clockStepsBack(point: Int, seconds: Double)
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
