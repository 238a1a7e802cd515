import Foundation

/// One recorded point of a track: how far along the track it is, where it is and, if the file says, when
/// it was recorded and how high it is.
public struct TrackSample: Sendable, Equatable {
    /// Distance from the track's start, summed within segments only (a gap between segments adds nothing).
    public var distanceMeters: Double
    public var time: Date?
    /// Where it is, in degrees (`nil` for a sample made up by a test).
    public var position: Position?
    /// Metres above sea level, if the file says.
    public var elevation: Double?

    /// A latitude and a longitude in degrees.
    public struct Position: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public init(distanceMeters: Double, time: Date?, position: Position? = nil, elevation: Double? = nil) {
        self.distanceMeters = distanceMeters
        self.time = time
        self.position = position
        self.elevation = elevation
    }
}

/// A track ready to be replayed: its samples, segment by segment.
public struct RunTrack: Sendable, Equatable {
    public var name: String?
    public var fileName: String
    public var segments: [[TrackSample]]
    /// For each segment, the `<trk>` (or `<rte>`) it belongs to, counted from 0: elapsed time spans each
    /// track (see `TrackStatistics.duration`).
    public var segmentTracks: [Int]

    /// - Parameter segmentTracks: each segment's track; all in one track when left out.
    public init(name: String?, fileName: String, segments: [[TrackSample]], segmentTracks: [Int]? = nil) {
        self.name = name
        self.fileName = fileName
        let tracks = segmentTracks ?? Array(repeating: 0, count: segments.count)
        let kept = segments.indices.filter { !segments[$0].isEmpty }
        self.segments = kept.map { segments[$0] }
        self.segmentTracks = kept.map { $0 < tracks.count ? tracks[$0] : tracks.last ?? 0 }
    }

    public var lengthMeters: Double { segments.last?.last?.distanceMeters ?? 0 }
    public var lengthKm: Double { lengthMeters / 1000 }
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    public var summary: RouteSummary {
        RouteSummary(
            name: name ?? fileName, fileName: fileName, pointCount: pointCount,
            segmentCount: segments.count, lengthKm: lengthKm)
    }
}
