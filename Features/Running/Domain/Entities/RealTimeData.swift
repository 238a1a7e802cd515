/// One runner's progress at a moment of the run.
public struct RealTimeData: Sendable, Equatable, Codable {
    public var elapsedDistanceKm: Double
    public var elapsedSeconds: Int

    public init(elapsedDistanceKm: Double = 0, elapsedSeconds: Int = 0) {
        self.elapsedDistanceKm = elapsedDistanceKm
        self.elapsedSeconds = elapsedSeconds
    }

    public static let start = RealTimeData()
}
