import Foundation
import RunningDomain

extension GPXDocument {
    /// The track to run: every segment of every `<trk>`; a file without track points runs its `<rte>`s
    /// instead (one segment each). Distances are summed within segments only.
    /// - Throws: `GPXError.nothingToRun` for a file with waypoints only.
    public func runTrack(fileName: String) throws(GPXError) -> RunTrack {
        let trackSegments = tracks.flatMap(\.segments).filter { !$0.isEmpty }
        let segments = trackSegments.isEmpty ? routes.map(\.points).filter { !$0.isEmpty } : trackSegments
        guard !segments.isEmpty else { throw .nothingToRun(file: fileName, waypoints: waypoints.count) }
        let name = trackSegments.isEmpty ? routes.compactMap(\.name).first : tracks.compactMap(\.name).first
        var sampler = TrackSampler()
        let samples = segments.map { points -> [TrackSample] in
            sampler.startSegment()
            return points.map { sampler.sample($0) }
        }
        return RunTrack(name: name, fileName: fileName, segments: samples)
    }

    /// The 2D length of all track segments in metres (gaps between segments not counted).
    public var trackLengthMeters: Double {
        tracks.flatMap(\.segments).reduce(0) { $0 + GeoDistance.length(of: $1) }
    }
}

/// Turns a track's points into samples, each with its distance from the track's start, summed within
/// segments only: the step into a new segment adds nothing (a gap between segments is not run).
struct TrackSampler {
    private var covered = 0.0
    private var previous: GPXPoint?

    mutating func startSegment() { previous = nil }

    mutating func sample(_ point: GPXPoint) -> TrackSample {
        if let previous { covered += GeoDistance.haversine(previous, point) }
        previous = point
        return TrackSample(distanceMeters: covered, time: point.time,
                           position: .init(latitude: point.latitude, longitude: point.longitude), elevation: point.elevation)
    }
}
