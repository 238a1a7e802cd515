import Foundation

/// What to run: the setting, my track's timeline, the mate and how fast to replay.
public struct RunRequest: Sendable {
    public var setting: RunningSetting
    public var timeline: ReplayTimeline
    public var route: RouteSummary
    public var mate: (any MateFeed)?
    public var weightKg: Double
    /// Run seconds per real second; 0 replays instantly.
    public var speed: Double
    /// My track's route, for a map of the run (empty when nothing draws one).
    public var map: [TrackStatistics.RoutePoint] = []

    public init(
        setting: RunningSetting, timeline: ReplayTimeline, route: RouteSummary,
        mate: (any MateFeed)? = nil, weightKg: Double, speed: Double
    ) {
        self.setting = setting
        self.timeline = timeline
        self.route = route
        self.mate = mate
        self.weightKg = weightKg
        self.speed = speed
    }
}

/// Why a run can't start, as data (Presentation's `RunningErrorText` words it).
public enum RunRequestProblem: Error, Equatable {
    case mateMissing(RunningMode)
    case tooShort(trackKm: Double, goalKm: Double, mode: RunningMode)
    case invalidSpeed(Double)
}

/// Runs toward the goal second by second, tells the mate and saves the run in the history.
public protocol RunUseCase: Sendable {
    /// Runs until the goal of the mode is reached, the tracks run out, I cancel (`control`) or the mate does.
    /// `onUpdate` gets the data after every run second.
    func execute(
        _ request: RunRequest, control: RunControl,
        onUpdate: @escaping @Sendable (RunningData) -> Void
    ) async throws -> RunningResult
}

public struct DefaultRunUseCase: RunUseCase {
    private let clock: any RunClock
    private let history: any RunHistoryRepository

    public init(clock: any RunClock, history: any RunHistoryRepository) {
        self.clock = clock
        self.history = history
    }

    public func execute(
        _ request: RunRequest, control: RunControl,
        onUpdate: @escaping @Sendable (RunningData) -> Void
    ) async throws -> RunningResult {
        try request.validate()
        let startedAt = clock.now()
        var session = RunSession(request: request)
        try await request.mate?.publish(RunnerProgress(data: .start, status: .running))
        while session.ending == nil {
            if control.isCancelled || Task.isCancelled { session.cancel(); break }
            if request.speed > 0 {
                do { try await clock.sleep(seconds: 1 / request.speed) } catch { session.cancel(); break }
                if control.isCancelled { session.cancel(); break }
            }
            let tick = session.data.mine.elapsedSeconds + 1
            // Lockstep with a live mate: where I am at `tick` goes out before I wait for where the mate is at
            // `tick`, so both sides judge each second on the same two positions and record the same run.
            let position = session.position(at: tick)
            try await request.mate?.publish(position)
            var mate: MateStatus?
            if let feed = request.mate {
                guard let status = try await mateStatus(at: tick, from: feed, control: control) else { session.cancel(); break }
                // A live mate (a ghost's track was checked when it was read) is believed only where a runner can be.
                if feed.knownTotalKm == nil,
                    !MateClaim.isPossible(status.progress, mode: request.setting.mode, goalKm: request.setting.targetDistanceKm)
                {
                    try? await feed.publish(RunnerProgress(data: session.data.mine, status: .cancelled))
                    throw LiveSessionError.impossiblePosition(
                        km: status.progress.data.elapsedDistanceKm,
                        seconds: status.progress.data.elapsedSeconds)
                }
                mate = status
            }
            let progress = session.advance(to: tick, mate: mate)
            if progress != position { try await request.mate?.publish(progress) }
            onUpdate(session.data)
        }
        if session.ending == .cancelled {
            try await request.mate?.publish(RunnerProgress(data: session.data.mine, status: .cancelled))
        }
        let result = RunningResult(
            setting: request.setting, data: session.data, ending: session.ending ?? .cancelled,
            elevationGainMeters: request.timeline.elevationGain(toKm: session.data.mine.elapsedDistanceKm))
        try await history.save(RunRecord(startedAt: startedAt, result: result, route: request.route))
        return result
    }

    /// The mate at my second `tick`, once they have got there, finished or cancelled, or fallen silent for
    /// long enough to count as lost; nil when I cancel while waiting.
    private func mateStatus(at tick: Int, from feed: any MateFeed, control: RunControl) async throws -> MateStatus? {
        while true {
            let status = try await feed.read(elapsedSeconds: tick)
            let progress = status.progress
            if progress.data.elapsedSeconds >= tick || progress.status == .finished || progress.status == .cancelled
                || !status.isConnected
            {
                return status
            }
            if control.isCancelled || Task.isCancelled { return nil }
            do { try await clock.sleep(seconds: 0.002) } catch { return nil }
        }
    }
}

extension RunRequest {
    /// Refuses a run that can't work: a missing mate, a bad speed, or tracks too short for the goal (in a race,
    /// my own track; in a team, both together when the mate's is known).
    public func validate() throws(RunRequestProblem) {
        guard speed >= 0, speed.isFinite else { throw .invalidSpeed(speed) }
        if setting.mode.needsMate && mate == nil { throw .mateMissing(setting.mode) }
        try setting.checkRace(on: timeline)
        let mine = timeline.totalKm, goal = setting.targetDistanceKm
        let reachable: Double? =
            switch setting.mode {
            case .single: mine
            case .race: nil
            case .team: mate?.knownTotalKm.map { mine + $0 }
            }
        if let reachable, reachable < goal {
            throw .tooShort(trackKm: reachable, goalKm: goal, mode: setting.mode)
        }
    }
}
