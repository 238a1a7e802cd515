import Foundation

/// What a GPX 1.0 or 1.1 file holds, as far as running is concerned.
public struct GPXDocument: Sendable, Equatable {
    public var version: String?
    public var creator: String?
    public var tracks: [GPXTrack] = []
    public var routes: [GPXRoute] = []
    public var waypoints: [GPXPoint] = []

    public init(version: String? = nil, creator: String? = nil) {
        self.version = version
        self.creator = creator
    }
}

/// A `<trk>`: recorded segments of points.
public struct GPXTrack: Sendable, Equatable {
    public var name: String?
    public var segments: [[GPXPoint]] = []

    public init(name: String? = nil) { self.name = name }
}

/// An `<rte>`: a planned path, one list of points.
public struct GPXRoute: Sendable, Equatable {
    public var name: String?
    public var points: [GPXPoint] = []

    public init(name: String? = nil) { self.name = name }
}

/// A `<trkpt>`, `<rtept>` or `<wpt>`.
public struct GPXPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var elevation: Double?
    public var time: Date?

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
    }
}
