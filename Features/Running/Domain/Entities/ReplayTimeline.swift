import Foundation

/// Where a runner replaying a track is after a number of seconds.
///
/// With a pace the runner moves at that pace along the track; otherwise the track's own timestamps set
/// the rhythm (a pause between two segments is replayed as a pause).
public struct ReplayTimeline: Sendable, Equatable {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty(fileName: String)
        case needsPace(fileName: String, untimedPoints: Int, points: Int)

        public var description: String {
            switch self {
            case .empty(let file):
                "the track \(file) has no track points to run; use a GPX file with a <trk> (or an <rte>)"
            case .needsPace(let file, let untimed, let points):
                "the track \(file) has no time on \(untimed) of its \(points) points, so it can't be replayed by its clock; give a pace, e.g. --pace 5:30 (minutes per km)"
            }
        }
    }

    /// Seconds from the start, never decreasing.
    private let offsets: [Double]
    private let meters: [Double]

    public init(track: RunTrack, pace: Pace?) throws(Problem) {
        let samples = track.segments.flatMap { $0 }
        guard let first = samples.first else { throw .empty(fileName: track.fileName) }
        var offsets: [Double] = []
        offsets.reserveCapacity(samples.count)
        if let pace {
            var previous = first
            for sample in samples {
                let step = (sample.distanceMeters - previous.distanceMeters) / 1000 * pace.secondsPerKm
                offsets.append((offsets.last ?? 0) + max(0, step))
                previous = sample
            }
        } else {
            let untimed = samples.filter { $0.time == nil }.count
            guard untimed == 0, let start = first.time else {
                throw .needsPace(fileName: track.fileName, untimedPoints: untimed, points: samples.count)
            }
            for sample in samples {
                offsets.append(max(offsets.last ?? 0, sample.time!.timeIntervalSince(start)))
            }
        }
        self.offsets = offsets
        self.meters = samples.map(\.distanceMeters)
    }

    public var durationSeconds: Double { offsets.last ?? 0 }
    public var totalKm: Double { (meters.last ?? 0) / 1000 }

    /// Distance covered after `seconds`, interpolated between points; the whole track once it is over.
    public func distanceKm(at seconds: Double) -> Double {
        guard seconds > 0 else { return (meters.first ?? 0) / 1000 }
        guard seconds < durationSeconds else { return totalKm }
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
