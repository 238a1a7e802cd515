import Foundation

/// One recorded point of a track: how far along the track it is and, if the file says, when it was recorded.
public struct TrackSample: Sendable, Equatable {
    /// Distance from the track's start, summed within segments only (a gap between segments adds nothing).
    public var distanceMeters: Double
    public var time: Date?

    public init(distanceMeters: Double, time: Date?) {
        self.distanceMeters = distanceMeters
        self.time = time
    }
}

/// A track ready to be replayed: its samples, segment by segment.
public struct RunTrack: Sendable, Equatable {
    public var name: String?
    public var fileName: String
    public var segments: [[TrackSample]]

    public init(name: String?, fileName: String, segments: [[TrackSample]]) {
        self.name = name
        self.fileName = fileName
        self.segments = segments.filter { !$0.isEmpty }
    }

    public var lengthMeters: Double { segments.last?.last?.distanceMeters ?? 0 }
    public var lengthKm: Double { lengthMeters / 1000 }
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    public var summary: RouteSummary {
        RouteSummary(name: name ?? fileName, fileName: fileName, pointCount: pointCount,
                     segmentCount: segments.count, lengthKm: lengthKm)
    }
}
