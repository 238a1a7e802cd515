/// The outcome of a run. Distances are clamped to the target: running past the goal doesn't count.
public struct RunningResult: Sendable, Equatable, Codable {
    public var mode: RunningMode
    public var targetDistanceKm: Double
    public var distanceKm: Double
    public var elapsedSeconds: Int
    public var calories: Double
    public var ending: RunEnding
    public var myNickname: String
    public var mate: MateResult?
    /// The second at which each whole kilometre was reached (`kilometreSeconds[0]` at 1 km).
    public var kilometreSeconds: [Int]
    /// Metres climbed over the distance run, if the track has elevations.
    public var elevationGainMeters: Double?

    public init(
        mode: RunningMode, targetDistanceKm: Double, distanceKm: Double, elapsedSeconds: Int,
        calories: Double, ending: RunEnding, myNickname: String, mate: MateResult? = nil,
        kilometreSeconds: [Int] = [], elevationGainMeters: Double? = nil
    ) {
        self.mode = mode
        self.targetDistanceKm = targetDistanceKm
        self.distanceKm = distanceKm
        self.elapsedSeconds = elapsedSeconds
        self.calories = calories
        self.ending = ending
        self.myNickname = myNickname
        self.mate = mate
        self.kilometreSeconds = kilometreSeconds
        self.elevationGainMeters = elevationGainMeters
    }

    /// Each whole kilometre's time: `[312, 298]` for 5:12 then 4:58.
    public var splitSeconds: [Int] { zip(kilometreSeconds, [0] + kilometreSeconds).map { $0 - $1 } }

    public var isFinished: Bool { ending == .finished }
    public var isCancelled: Bool { ending == .cancelled || ending == .cancelledByMate }

    /// Race only: `true` when I reached the goal first (a tie in the same second counts for me).
    /// Runs saved before each runner ran to their own goal have no finish second for the mate: the one
    /// further along then won.
    public var isUserWinner: Bool? {
        guard mode == .race, let mate else { return nil }
        guard ending == .finished, distanceKm >= targetDistanceKm else { return false }
        return mate.finishedAtSeconds.map { elapsedSeconds <= $0 } ?? (distanceKm >= mate.distanceKm)
    }

    /// Team only: my distance plus the mate's, clamped to the target.
    public var teamTotalKm: Double? {
        guard mode == .team, let mate else { return nil }
        return min(distanceKm + mate.distanceKm, targetDistanceKm)
    }

    /// Team only: my share of the team's distance, 0...1.
    public var contribution: Double? {
        guard mode == .team, let mate else { return nil }
        let total = distanceKm + mate.distanceKm
        return total > 0 ? distanceKm / total : 0
    }
}

/// The mate's side of a race or team result.
public struct MateResult: Sendable, Equatable, Codable {
    public var nickname: String?
    public var distanceKm: Double
    public var elapsedSeconds: Int
    /// The mate fell silent before finishing, and the run went on alone.
    public var lost: Bool
    /// A race: the second of my run at which the mate reached the goal, if they did.
    public var finishedAtSeconds: Int?
    /// A race: how far I had run when the mate reached the goal (runs saved before it was kept have none).
    public var myKmAtTheirFinish: Double?

    public init(
        nickname: String?, distanceKm: Double, elapsedSeconds: Int, lost: Bool = false,
        finishedAtSeconds: Int? = nil, myKmAtTheirFinish: Double? = nil
    ) {
        self.nickname = nickname
        self.distanceKm = distanceKm
        self.elapsedSeconds = elapsedSeconds
        self.lost = lost
        self.finishedAtSeconds = finishedAtSeconds
        self.myKmAtTheirFinish = myKmAtTheirFinish
    }
}

extension RunningResult {
    /// A race I lost: how far behind I was when the mate reached the goal, and how long after them I got
    /// there (`nil` seconds if I didn't); `nil` when I won or it is no race.
    public var behind: (km: Double, seconds: Int?)? {
        guard isUserWinner == false, let mate, let theirFinish = mate.finishedAtSeconds else { return nil }
        let km =
            mate.myKmAtTheirFinish.map { max(0, targetDistanceKm - min($0, targetDistanceKm)) }
            ?? max(0, mate.distanceKm - distanceKm)
        return (km, distanceKm >= targetDistanceKm ? max(0, elapsedSeconds - theirFinish) : nil)
    }
}

extension RunningResult {
    /// The result of a run that ended with `data` in `ending`, distances clamped to the target.
    public init(setting: RunningSetting, data: RunningData, ending: RunEnding, elevationGainMeters: Double? = nil) {
        let target = setting.targetDistanceKm
        let mate =
            setting.mode.needsMate
            ? data.mate.map {
                MateResult(
                    nickname: $0.nickname ?? setting.mateNickname,
                    distanceKm: min($0.progress.data.elapsedDistanceKm, target),
                    elapsedSeconds: $0.progress.data.elapsedSeconds,
                    // A mate who finished and then went quiet is done, not lost.
                    lost: !$0.isConnected && $0.progress.status != .finished && data.mateFinishedAtSeconds == nil,
                    finishedAtSeconds: data.mateFinishedAtSeconds,
                    myKmAtTheirFinish: data.myKmWhenMateFinished.map { min($0, target) })
            } : nil
        self.init(
            mode: setting.mode, targetDistanceKm: target,
            distanceKm: min(data.mine.elapsedDistanceKm, target),
            elapsedSeconds: data.mine.elapsedSeconds, calories: data.calories,
            ending: ending, myNickname: setting.myNickname, mate: mate, kilometreSeconds: data.kilometreSeconds,
            elevationGainMeters: elevationGainMeters)
    }
}
