/// What a saved run remembers of the track it replayed.
public struct RouteSummary: Sendable, Equatable, Codable {
    /// The track's name, or the file's name when the track has none.
    public var name: String
    public var fileName: String
    public var pointCount: Int
    public var segmentCount: Int
    /// The whole track's length (not only the part that was run).
    public var lengthKm: Double

    public init(name: String, fileName: String, pointCount: Int, segmentCount: Int, lengthKm: Double) {
        self.name = name
        self.fileName = fileName
        self.pointCount = pointCount
        self.segmentCount = segmentCount
        self.lengthKm = lengthKm
    }
}
