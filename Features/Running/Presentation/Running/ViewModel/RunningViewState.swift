import RunningDomain

/// What the live dashboard shows after a second of running.
public struct RunningViewState: Sendable, Equatable {
    /// One runner's bar.
    public struct Runner: Sendable, Equatable {
        public var name: String
        public var distanceText: String
        /// Whole percent of the goal, 0...100.
        public var progress: Int
        /// For a progress bar, 0...1.
        public var fraction: Double
        /// `nil` while running normally; otherwise e.g. "disconnected", "finished", "track ended".
        public var note: String?
    }

    public var title: String
    public var timeText: String
    public var caloriesText: String
    public var me: Runner
    /// Race and team: the mate's bar.
    public var mate: Runner?
    /// Race: who is ahead ("You lead by 0.12 km").
    public var leadText: String?
    /// Team: both distances together.
    public var team: Runner?
}

extension RunningViewState {
    /// What the dashboard shows for the run's data: the same for every mode, plus the mate's bar and who leads
    /// in a race, and the mate's bar and the team's in a team run (MateRunner's three view models).
    public init(_ data: RunningData, setting: RunningSetting) {
        let goal = RunningFormat.distance(setting.targetDistanceKm) + " km"
        let title =
            switch setting.mode {
            case .single: "Running \(goal)"
            case .race: "Race to \(goal)"
            case .team: "Team run to \(goal)"
            }
        self.init(
            title: title, timeText: RunningFormat.elapsedTime(data.mine.elapsedSeconds),
            caloriesText: RunningFormat.calories(data.calories) + " kcal",
            me: Runner(setting.myNickname, km: data.mine.elapsedDistanceKm, goalKm: setting.targetDistanceKm))
        guard setting.mode != .single else { return }
        mate = Self.mateRunner(data, setting: setting)
        let target = setting.targetDistanceKm
        if setting.mode == .team {
            team = Runner("Team", km: min(data.teamDistanceKm, target), goalKm: target)
            // The two bars' percentages add up to the team's (each rounded alone, 45.5 % + 54.5 % read 45 + 54).
            if data.teamDistanceKm <= target {
                let shares = RunningFormat.progress(ofParts: [data.mine.elapsedDistanceKm, data.mateDistanceKm], of: target)
                me.progress = shares[0]
                mate?.progress = shares[1]
            }
            return
        }
        let mine = min(data.mine.elapsedDistanceKm, target), theirs = min(data.mateDistanceKm, target)
        let gap = RunningFormat.distance(abs(mine - theirs))
        leadText =
            if gap == RunningFormat.distance(0) {
                "Level"
            } else if mine > theirs {
                "You lead by \(gap) km"
            } else {
                "\(mate?.name ?? "Your mate") leads by \(gap) km"
            }
    }

    private static func mateRunner(_ data: RunningData, setting: RunningSetting) -> Runner? {
        guard let mate = data.mate else { return nil }
        let note: String? =
            if !mate.isConnected {
                "mate lost"
            } else {
                switch mate.progress.status {
                case .running: nil
                case .finished: "finished"
                case .cancelled: "stopped"
                case .trackEnded: "track ended"
                }
            }
        return Runner(
            mate.nickname ?? setting.mateNickname ?? "mate", km: mate.progress.data.elapsedDistanceKm,
            goalKm: setting.targetDistanceKm, note: note)
    }
}

extension RunningViewState.Runner {
    init(_ name: String, km: Double, goalKm: Double, note: String? = nil) {
        self.init(
            name: name, distanceText: RunningFormat.distance(km) + " km", progress: RunningFormat.progress(km, of: goalKm),
            fraction: goalKm > 0 ? min(max(km / goalKm, 0), 1) : 0, note: note)
    }
}
