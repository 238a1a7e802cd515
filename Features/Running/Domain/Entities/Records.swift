/// Everything run so far, added up.
public struct CumulativeRecord: Sendable, Equatable, Codable {
    public var runs: Int
    public var distanceKm: Double
    public var elapsedSeconds: Int
    public var calories: Double

    public init(runs: Int = 0, distanceKm: Double = 0, elapsedSeconds: Int = 0, calories: Double = 0) {
        self.runs = runs
        self.distanceKm = distanceKm
        self.elapsedSeconds = elapsedSeconds
        self.calories = calories
    }
}

/// The runs of one calendar month, added up.
public struct MonthlyRecord: Sendable, Equatable, Codable {
    public var month: YearMonth
    public var runs: Int
    public var distanceKm: Double
    public var elapsedSeconds: Int

    public init(month: YearMonth, runs: Int = 0, distanceKm: Double = 0, elapsedSeconds: Int = 0) {
        self.month = month
        self.runs = runs
        self.distanceKm = distanceKm
        self.elapsedSeconds = elapsedSeconds
    }
}
