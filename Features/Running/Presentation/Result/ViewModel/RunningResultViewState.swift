import RunningDomain

/// What the result screen (and `strata running run`) shows for a finished or stopped run.
public struct RunningResultViewState: Sendable, Equatable {
    public let result: RunningResult

    public init(result: RunningResult) { self.result = result }

    private var mateName: String { result.mate?.nickname ?? "your mate" }

    public var title: String {
        switch result.ending {
        case .finished:
            switch result.mode {
            case .single: "Goal reached!"
            case .race: result.isUserWinner == true ? "You won!" : "\(mateName.capitalizedFirst) won."
            case .team: "Team goal reached!"
            }
        case .cancelled: "Run cancelled"
        case .cancelledByMate: "Cancelled by \(mateName)"
        case .trackEnded: "The track ended before the goal"
        }
    }

    public var timeText: String { RunningFormat.elapsedTime(result.elapsedSeconds) }
    public var distanceText: String {
        "\(RunningFormat.distance(result.distanceKm)) / \(RunningFormat.distance(result.targetDistanceKm)) km"
    }
    public var progress: Int { RunningFormat.progress(result.distanceKm, of: result.targetDistanceKm) }
    public var caloriesText: String { RunningFormat.calories(result.calories) + " kcal" }

    /// Race: the winner sentence; `nil` for other modes or a race that didn't finish. The loser reads how far
    /// behind they were when the winner reached the goal, and how long after the winner they got there.
    public var winnerText: String? {
        guard result.mode == .race, result.isFinished, let mate = result.mate else { return nil }
        if result.isUserWinner == true {
            return "You beat \(mateName) by \(RunningFormat.distance(abs(result.distanceKm - mate.distanceKm))) km"
        }
        let behind = result.behind ?? (km: abs(result.distanceKm - mate.distanceKm), seconds: nil)
        return "\(mateName.capitalizedFirst) reached the goal first; you were \(RunningFormat.distance(behind.km)) km behind"
            + (behind.seconds.map { " and finished \(RunningFormat.elapsedTime($0)) after" } ?? "")
    }

    /// Team: "Team 5.00 / 5.00 km (100 %)" and my share.
    public var teamText: String? {
        guard let total = result.teamTotalKm else { return nil }
        return "Team \(RunningFormat.distance(total)) / \(RunningFormat.distance(result.targetDistanceKm)) km"
            + " (\(RunningFormat.progress(total, of: result.targetDistanceKm)) %)"
    }

    /// Team: my share of what the team ran, of the distances as they are shown (0.10 of 0.10 + 0.11 km is
    /// 48 %, the mate's 52 %).
    public var contributionPercent: Int? {
        guard result.mode == .team, let mate = result.mate else { return nil }
        let mine = ShownDistance.hundredths(result.distanceKm), theirs = ShownDistance.hundredths(mate.distanceKm)
        return mine + theirs > 0 ? RunningFormat.progress(ofParts: [mine, theirs], of: mine + theirs)[0] : 0
    }

    public var contributionText: String? {
        contributionPercent.map { "Your contribution: \($0) %" }
    }

    /// Everything, one line each, for a plain text report. A team run's distance line has no percentage of
    /// its own: my distance against the team's goal (50 % for 0.10 of 0.20 km) read as my share beside
    /// "Your contribution: 48 %"; the team line says how far the team got.
    public var lines: [String] {
        let distance = result.mode == .team ? "Distance  \(distanceText)" : "Distance  \(distanceText) (\(progress) %)"
        var lines = [title, "Time      \(timeText)", distance, "Calories  \(caloriesText)"]
        if let mate = result.mate {
            lines.append(
                "Mate      \(mate.nickname ?? "mate"): \(RunningFormat.distance(mate.distanceKm)) km"
                    + (mate.lost ? " (mate lost: silent, so you ran on alone)" : ""))
        }
        lines += [winnerText, teamText, contributionText, climbText, splitsText].compactMap { $0 }
        return lines
    }

    /// `Climbed    +46 m`, when the track has elevations.
    public var climbText: String? {
        result.elevationGainMeters.map { "Climbed   +\(Int($0.rounded())) m" }
    }

    /// `Splits    1 km 5:12 · 2 km 4:58`: each whole kilometre's time, when one was run.
    public var splitsText: String? {
        let splits = result.splitSeconds
        guard !splits.isEmpty else { return nil }
        return "Splits    "
            + splits.enumerated().map { "\($0.offset + 1) km \(RunningFormat.elapsedTime($0.element))" }
            .joined(separator: " · ")
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
