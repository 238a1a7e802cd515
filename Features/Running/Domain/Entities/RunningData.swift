/// Everything shown while a run goes on: my progress, the mate's (if any) and the calories burnt.
public struct RunningData: Sendable, Equatable {
    public var mode: RunningMode
    public var targetDistanceKm: Double
    public var mine: RealTimeData
    public var mate: MateStatus?
    public var calories: Double

    public init(mode: RunningMode, targetDistanceKm: Double, mine: RealTimeData = .start,
                mate: MateStatus? = nil, calories: Double = 0) {
        self.mode = mode
        self.targetDistanceKm = targetDistanceKm
        self.mine = mine
        self.mate = mate
        self.calories = calories
    }

    /// The mate's distance, 0 without a mate.
    public var mateDistanceKm: Double { mate?.progress.data.elapsedDistanceKm ?? 0 }

    /// My distance plus the mate's (what a team run counts).
    public var teamDistanceKm: Double { mine.elapsedDistanceKm + mateDistanceKm }
}
