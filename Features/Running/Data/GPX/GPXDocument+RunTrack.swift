import Foundation
import RunningDomain

extension GPXDocument {
    /// The track to run: every segment of every `<trk>`; a file without track points runs its `<rte>`s
    /// instead (one segment each). Distances are summed within segments only.
    /// - Throws: `GPXError.nothingToRun` for a file with waypoints only.
    public func runTrack(fileName: String) throws(GPXError) -> RunTrack {
        let hasTrackPoints = tracks.contains { $0.segments.contains { !$0.isEmpty } }
        // Each segment with the index of its <trk> (a route is one segment of its own).
        let numbered: [(track: Int, points: [GPXPoint])] =
            hasTrackPoints
            ? tracks.enumerated().flatMap { track in track.element.segments.map { (track.offset, $0) } }
            : routes.enumerated().map { ($0.offset, $0.element.points) }
        let segments = numbered.filter { !$0.points.isEmpty }
        guard !segments.isEmpty else {
            if !tracks.isEmpty { throw .emptyTracks(file: fileName, tracks: tracks.count) }
            throw .nothingToRun(file: fileName, waypoints: waypoints.count)
        }
        let name = hasTrackPoints ? tracks.compactMap(\.name).first : routes.compactMap(\.name).first
        var sampler = TrackSampler()
        let samples = segments.map { segment -> [TrackSample] in
            sampler.startSegment()
            return segment.points.map { sampler.sample($0) }
        }
        return RunTrack(name: name, fileName: fileName, segments: samples, segmentTracks: segments.map(\.track))
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
        return TrackSample(
            distanceMeters: covered, time: point.time,
            position: .init(latitude: point.latitude, longitude: point.longitude), elevation: point.elevation)
    }
}
