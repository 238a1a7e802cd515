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

/// Turns the run's data into what the dashboard shows; one per mode, as in MateRunner.
public protocol RunningViewModel: Sendable {
    var setting: RunningSetting { get }
    func state(for data: RunningData) -> RunningViewState
}

/// The view model for `setting`'s mode.
public func makeRunningViewModel(for setting: RunningSetting) -> any RunningViewModel {
    switch setting.mode {
    case .single: SingleRunningViewModel(setting: setting)
    case .race: RaceRunningViewModel(setting: setting)
    case .team: TeamRunningViewModel(setting: setting)
    }
}

extension RunningViewModel {
    var goalText: String { RunningFormat.distance(setting.targetDistanceKm) + " km" }

    func runner(_ name: String, km: Double, note: String? = nil) -> RunningViewState.Runner {
        let target = setting.targetDistanceKm
        return RunningViewState.Runner(name: name, distanceText: RunningFormat.distance(km) + " km",
                                       progress: RunningFormat.progress(km, of: target),
                                       fraction: target > 0 ? min(max(km / target, 0), 1) : 0, note: note)
    }

    func baseState(_ data: RunningData, title: String) -> RunningViewState {
        RunningViewState(title: title, timeText: RunningFormat.elapsedTime(data.mine.elapsedSeconds),
                         caloriesText: RunningFormat.calories(data.calories) + " kcal",
                         me: runner(setting.myNickname, km: data.mine.elapsedDistanceKm))
    }

    func mateRunner(_ data: RunningData) -> RunningViewState.Runner? {
        guard let mate = data.mate else { return nil }
        let note: String? = if !mate.isConnected {
            "mate lost"
        } else {
            switch mate.progress.status {
            case .running: nil
            case .finished: "finished"
            case .cancelled: "stopped"
            case .trackEnded: "track ended"
            }
        }
        return runner(mate.nickname ?? setting.mateNickname ?? "mate", km: mate.progress.data.elapsedDistanceKm, note: note)
    }
}

public struct SingleRunningViewModel: RunningViewModel {
    public let setting: RunningSetting

    public init(setting: RunningSetting) { self.setting = setting }

    public func state(for data: RunningData) -> RunningViewState {
        baseState(data, title: "Running \(goalText)")
    }
}

public struct RaceRunningViewModel: RunningViewModel {
    public let setting: RunningSetting

    public init(setting: RunningSetting) { self.setting = setting }

    public func state(for data: RunningData) -> RunningViewState {
        var state = baseState(data, title: "Race to \(goalText)")
        state.mate = mateRunner(data)
        let mine = min(data.mine.elapsedDistanceKm, setting.targetDistanceKm)
        let theirs = min(data.mateDistanceKm, setting.targetDistanceKm)
        let gap = RunningFormat.distance(abs(mine - theirs))
        if gap == RunningFormat.distance(0) {
            state.leadText = "Level"
        } else if mine > theirs {
            state.leadText = "You lead by \(gap) km"
        } else {
            state.leadText = "\(state.mate?.name ?? "Your mate") leads by \(gap) km"
        }
        return state
    }
}

public struct TeamRunningViewModel: RunningViewModel {
    public let setting: RunningSetting

    public init(setting: RunningSetting) { self.setting = setting }

    public func state(for data: RunningData) -> RunningViewState {
        var state = baseState(data, title: "Team run to \(goalText)")
        state.mate = mateRunner(data)
        state.team = runner("Team", km: min(data.teamDistanceKm, setting.targetDistanceKm))
        return state
    }
}
