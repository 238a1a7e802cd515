/// Everything shown while a run goes on: my progress, the mate's (if any) and the calories burnt.
public struct RunningData: Sendable, Equatable {
    public var mode: RunningMode
    public var targetDistanceKm: Double
    public var mine: RealTimeData
    public var mate: MateStatus?
    public var calories: Double
    /// A race: the second of my run at which the mate was first seen at the goal, if they got there.
    public var mateFinishedAtSeconds: Int?
    /// A race: how far I had run at that second.
    public var myKmWhenMateFinished: Double?
    /// The second of the run at which each whole kilometre was reached: the first at 1 km, the second at 2 km.
    public var kilometreSeconds: [Int] = []

    public init(
        mode: RunningMode, targetDistanceKm: Double, mine: RealTimeData = .start,
        mate: MateStatus? = nil, calories: Double = 0, mateFinishedAtSeconds: Int? = nil
    ) {
        self.mode = mode
        self.targetDistanceKm = targetDistanceKm
        self.mine = mine
        self.mate = mate
        self.calories = calories
        self.mateFinishedAtSeconds = mateFinishedAtSeconds
    }

    /// The mate's distance, 0 without a mate.
    public var mateDistanceKm: Double { mate?.progress.data.elapsedDistanceKm ?? 0 }

    /// My distance plus the mate's (what a team run counts).
    public var teamDistanceKm: Double { mine.elapsedDistanceKm + mateDistanceKm }
}
