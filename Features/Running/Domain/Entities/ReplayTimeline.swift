import Foundation

/// Where a runner replaying a track is after a number of seconds.
///
/// With a pace the runner moves at that pace along the track, and the distance after N seconds is computed
/// from N directly (5 km at 6:00/km takes exactly 30:00). Otherwise the track's own timestamps set the
/// rhythm, as moving time, the way gpxpy's `get_moving_data` counts it: a step slower than 1 km/h is a
/// pause and takes no time. A clock that runs backwards or jumps by more than six hours, or an average
/// pace outside 2:00–60:00 per km, can't come from a run, and the track is refused with the fix (`--pace`).
/// So is a track where some points have no time: nothing is made up, a pace replays it instead (the same
/// rule for `running run`, `import` and `track`).
public struct ReplayTimeline: Sendable, Equatable {
    /// Why a track can't be replayed, as data (Presentation's `RunningErrorText` words it).
    public enum Problem: Error, Equatable {
        case empty(fileName: String)
        case needsPace(fileName: String, untimedPoints: Int, points: Int)
        /// Point `point` (from 1) is timed before the point before it.
        case clockRunsBackwards(fileName: String, point: Int)
        /// Between point `point - 1` and `point` the clock jumps by `hours`.
        case clockJumps(fileName: String, point: Int, hours: Double)
        /// Point `point` starts another `<trk>`, `hours` away from the one before (negative: earlier), more
        /// than a pause: tracks recorded apart, which `running track` times each on its own and a run can't.
        case tracksRecordedApart(fileName: String, point: Int, hours: Double)
        /// The track's moving pace is outside what a runner does.
        case implausiblePace(fileName: String, secondsPerKm: Double)
    }

    /// Slower than this (1 km/h, gpxpy's `stopped_speed_threshold`), a step is a pause.
    public static let stoppedMetersPerSecond = 1000.0 / 3600
    /// A gap in the clock longer than this is not a pause but another day.
    public static let longestPauseSeconds = 6.0 * 3600
    /// The paces a replayed clock may imply, in seconds per km (2:00 to 60:00).
    public static let plausibleSecondsPerKm = 120.0...3600.0

    /// Seconds from the start, never decreasing.
    private let offsets: [Double]
    private let meters: [Double]
    /// The metres climbed from the start to each point, smoothed (``ElevationClimb``); `nil` without
    /// elevations.
    private let climbed: [Double]?
    /// The pace asked for, which sets the distance after N seconds directly.
    private let secondsPerKm: Double?
    /// The track's own time not counted because the runner stood still (0 with a pace).
    public let pausedSeconds: Double

    public init(track: RunTrack, pace: Pace?) throws(Problem) {
        let samples = track.segments.flatMap { $0 }
        guard let first = samples.first else { throw .empty(fileName: track.fileName) }
        var offsets: [Double] = []
        offsets.reserveCapacity(samples.count)
        var paused = 0.0
        if let pace {
            for sample in samples {
                offsets.append(max(offsets.last ?? 0, (sample.distanceMeters - first.distanceMeters) / 1000 * pace.secondsPerKm))
            }
        } else {
            let times = samples.compactMap(\.time)
            guard times.count == samples.count, times.count > 1 else {
                throw .needsPace(fileName: track.fileName, untimedPoints: samples.count - times.count, points: samples.count)
            }
            var previousTime = times[0]
            var previousMeters = first.distanceMeters
            let trackStarts = Self.trackStarts(track)
            for (index, sample) in samples.enumerated() {
                let time = times[index]
                let step = time.timeIntervalSince(previousTime)
                if trackStarts.contains(index), step < 0 || step > Self.longestPauseSeconds {
                    throw .tracksRecordedApart(fileName: track.fileName, point: index + 1, hours: step / 3600)
                }
                if step < 0 { throw .clockRunsBackwards(fileName: track.fileName, point: index + 1) }
                if step > Self.longestPauseSeconds {
                    throw .clockJumps(fileName: track.fileName, point: index + 1, hours: step / 3600)
                }
                let moved = sample.distanceMeters - previousMeters
                let moving = step > 0 && moved / step >= Self.stoppedMetersPerSecond
                if !moving { paused += step }
                offsets.append((offsets.last ?? 0) + (moving ? step : 0))
                previousTime = time
                previousMeters = sample.distanceMeters
            }
            let km = (samples.last!.distanceMeters - first.distanceMeters) / 1000
            if km > 0, let seconds = offsets.last, !Self.plausibleSecondsPerKm.contains(seconds / km) {
                throw .implausiblePace(fileName: track.fileName, secondsPerKm: seconds / km)
            }
        }
        self.offsets = offsets
        self.meters = samples.map(\.distanceMeters)
        self.climbed = Self.climbs(track.segments)
        self.secondsPerKm = pace?.secondsPerKm
        self.pausedSeconds = paused
    }

    /// The indexes, among all the track's points, of the first point of each `<trk>` after the first.
    private static func trackStarts(_ track: RunTrack) -> Set<Int> {
        var starts: Set<Int> = [], index = 0
        for (segment, points) in track.segments.enumerated() {
            if segment > 0, track.segmentTracks[segment] != track.segmentTracks[segment - 1] { starts.insert(index) }
            index += points.count
        }
        return starts
    }

    /// The smoothed metres climbed up to each point, segment by segment.
    private static func climbs(_ segments: [[TrackSample]]) -> [Double]? {
        var climb = ElevationClimb()
        var climbed: [Double] = []
        for segment in segments {
            climb.startSegment()
            for sample in segment {
                if let elevation = sample.elevation { climb.add(elevation) }
                climbed.append(climb.settled.gain)
            }
        }
        return climb.settled.steps > 0 ? climbed : nil
    }

    public var durationSeconds: Double { offsets.last ?? 0 }

    /// Metres climbed from the start to `km` along the track, smoothed as `running track` counts them
    /// (``ElevationClimb``); `nil` when the points have no elevations.
    public func elevationGain(toKm km: Double) -> Double? {
        guard let climbed else { return nil }
        return meters.indices.last { meters[$0] <= km * 1000 + 1e-9 }.map { climbed[$0] } ?? 0
    }
    public var totalKm: Double { (meters.last ?? 0) / 1000 }

    /// Distance covered after `seconds`, interpolated between points; the whole track once it is over.
    public func distanceKm(at seconds: Double) -> Double {
        guard seconds > 0 else { return (meters.first ?? 0) / 1000 }
        guard seconds < durationSeconds else { return totalKm }
        if let secondsPerKm { return min(totalKm, (meters.first ?? 0) / 1000 + seconds / secondsPerKm) }
        // The first offset greater than `seconds`.
        var low = 0, high = offsets.count - 1
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] > seconds { high = middle } else { low = middle + 1 }
        }
        let before = low - 1
        let span = offsets[low] - offsets[before]
        let fraction = span > 0 ? (seconds - offsets[before]) / span : 1
        return (meters[before] + (meters[low] - meters[before]) * fraction) / 1000
    }
}
