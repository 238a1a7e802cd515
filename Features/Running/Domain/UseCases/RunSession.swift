/// The rules of one run, applied second by second (MateRunner's rules; see `FinishRule` and `Calories`).
struct RunSession {
    let request: RunRequest
    private(set) var data: RunningData
    private(set) var ending: RunEnding?

    init(request: RunRequest) {
        self.request = request
        data = RunningData(mode: request.setting.mode, targetDistanceKm: request.setting.targetDistanceKm)
    }

    mutating func cancel() { ending = .cancelled }

    /// Where I am at run second `tick`, before the mate is taken into account: what the mate hears first.
    func position(at tick: Int) -> RunnerProgress {
        let data = RealTimeData(elapsedDistanceKm: request.timeline.distanceKm(at: Double(tick)), elapsedSeconds: tick)
        return RunnerProgress(data: data, status: Double(tick) >= request.timeline.durationSeconds ? .trackEnded : .running)
    }

    /// Moves me to run second `tick`, takes in the mate, decides whether the run is over and returns
    /// what to tell the mate.
    mutating func advance(to tick: Int, mate: MateStatus?) -> RunnerProgress {
        let timeline = request.timeline
        let previousKm = data.mine.elapsedDistanceKm
        let km = timeline.distanceKm(at: Double(tick))
        data.calories += Calories.perSecond(speedKmh: (km - previousKm) * 3600, weightKg: request.weightKg)
        data.mine = RealTimeData(elapsedDistanceKm: km, elapsedSeconds: tick)
        let wholeKm = Int(min(km, request.setting.targetDistanceKm) + 1e-9)
        while data.kilometreSeconds.count < wholeKm { data.kilometreSeconds.append(tick) }
        if let mate { data.mate = mate }
        let myTrackEnded = Double(tick) >= timeline.durationSeconds

        let mode = request.setting.mode
        let mateStatus = data.mate?.progress.status
        if mode == .race, data.mateFinishedAtSeconds == nil,
            mateStatus == .finished || data.mateDistanceKm >= request.setting.targetDistanceKm
        {
            data.mateFinishedAtSeconds = tick
            data.myKmWhenMateFinished = km
        }
        if mode.needsMate, mateStatus == .cancelled, data.mateFinishedAtSeconds == nil {
            ending = .cancelledByMate
        } else if FinishRule.isFinished(
            mode: mode, targetKm: request.setting.targetDistanceKm,
            myKm: km, mateKm: data.mateDistanceKm)
            || (mode == .team && mateStatus == .finished)
        {
            ending = .finished
        } else if myTrackEnded && (mode == .single || mateIsDone) {
            ending = .trackEnded
        }
        let status: RunnerStatus =
            switch ending {
            case .finished: .finished
            case .cancelled: .cancelled
            case .cancelledByMate, .trackEnded, nil: myTrackEnded ? .trackEnded : .running
            }
        return RunnerProgress(data: data.mine, status: status)
    }

    /// The mate can't move any more: their track ran out, they stopped writing, or (a race) they finished.
    private var mateIsDone: Bool {
        guard let mate = data.mate else { return true }
        return mate.progress.status == .trackEnded || !mate.isConnected || data.mateFinishedAtSeconds != nil
    }
}
