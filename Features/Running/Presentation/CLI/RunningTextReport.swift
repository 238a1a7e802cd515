import Foundation
import RunningDomain
import StrataTerminal

/// The plain text `strata running …` prints without `--json`.
public enum RunningTextReport {
    public static func result(_ result: RunningResult, route: RouteSummary? = nil) -> String {
        var lines = RunningResultViewState(result: result).lines
        if let route { lines.append("Track     \(route.name) (\(route.fileName), \(RunningFormat.distance(route.lengthKm)) km)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per run, newest first.
    public static func history(_ page: HistoryPage, timeZone: TimeZone = .current) -> String {
        let runs = page.runs
        guard !runs.isEmpty else { return "No runs yet. Start one with `strata running run --track FILE`.\n" }
        let rows = runs.map { run -> [String] in
            let result = run.result
            let state = RunningResultViewState(result: result)
            var outcome = state.title
            if let contribution = state.contributionPercent { outcome += " (your share \(contribution) %)" }
            return [
                RunningFormat.dateTime(run.startedAt, in: timeZone), result.mode.rawValue,
                "\(RunningFormat.distance(result.distanceKm))/\(RunningFormat.distance(result.targetDistanceKm)) km",
                RunningFormat.elapsedTime(result.elapsedSeconds), RunningFormat.pace(result), "\(RunningFormat.calories(result.calories)) kcal",
                outcome, run.route.name,
            ]
        }
        let footer =
            page.count == 1
            ? ""
            : "Page \(page.number) of \(page.count)"
                + (page.hasNext ? "; older runs: strata running history --page \(page.number + 1)" : "") + "\n"
        return table([["Started", "Mode", "Distance", "Time", "Pace", "Calories", "Result", "Track"]] + rows) + footer
    }

    public static func records(_ records: RunningRecords) -> String {
        let state = RecordsViewModel.state(records, month: records.monthly.month, currentMonth: records.monthly.month)
        return
            (["All runs"] + state.totalLines.map { "  " + $0 } + ["", state.monthTitle]
            + state.monthLines.map { "  " + $0 }).joined(separator: "\n") + "\n"
    }

    /// One line for a terminal that is redrawn every second.
    public static func liveLine(_ state: RunningViewState) -> String {
        var parts = [state.timeText, "\(state.me.distanceText) \(state.me.progress) %", state.caloriesText]
        if let mate = state.mate {
            parts.append("\(mate.name) \(mate.distanceText) \(mate.progress) %" + (mate.note.map { " (\($0))" } ?? ""))
        }
        if let lead = state.leadText { parts.append(lead) }
        if let team = state.team { parts.append("team \(team.distanceText) \(team.progress) %") }
        return parts.joined(separator: " | ")
    }

    private static func table(_ rows: [[String]]) -> String { TextColumns.render(rows) }
}
