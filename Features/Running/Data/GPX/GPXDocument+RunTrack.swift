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
        var covered = 0.0
        let samples = segments.map { points -> [TrackSample] in
            var previous: GPXPoint?
            return points.map { point in
                if let previous { covered += GeoDistance.haversine(previous, point) }
                previous = point
                return TrackSample(distanceMeters: covered, time: point.time,
                                   position: .init(latitude: point.latitude, longitude: point.longitude), elevation: point.elevation)
            }
        }
        return RunTrack(name: name, fileName: fileName, segments: samples)
    }

    /// The 2D length of all track segments in metres (gaps between segments not counted).
    public var trackLengthMeters: Double {
        tracks.flatMap(\.segments).reduce(0) { $0 + GeoDistance.length(of: $1) }
    }
}
