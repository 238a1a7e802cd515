import Foundation
import Observation
import RunningDomain
import StrataTerminal

/// The saved runs, newest first, five a page as MateRunner pages them; one run opens in full.
@MainActor @Observable
public final class HistoryViewModel {
    public struct Row: Sendable, Equatable {
        public var title: String
        public var detail: String
    }

    public private(set) var page = HistoryPage([], number: 1)
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?

    @ObservationIgnored private var runs: [RunRecord] = []
    @ObservationIgnored private let fetchHistory: any FetchHistoryUseCase
    @ObservationIgnored private let timeZone: TimeZone

    public init(fetchHistory: any FetchHistoryUseCase, timeZone: TimeZone = .current) {
        self.fetchHistory = fetchHistory
        self.timeZone = timeZone
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            runs = try await fetchHistory.execute()
            page = HistoryPage(runs, number: page.number)
            errorMessage = nil
        } catch {
            errorMessage = RunningErrorText.text(error, for: .screens)
        }
    }

    /// The runs of the page shown: the start as the title, then distance, time, pace, result and mode in
    /// columns aligned across the page, most telling first, so a narrow terminal cuts the least of it.
    public var rows: [Row] {
        let details = TextColumns.render(
            page.runs.map { run in
                let result = run.result
                return [
                    "\(RunningFormat.distance(result.distanceKm)) km", RunningFormat.elapsedTime(result.elapsedSeconds),
                    RunningFormat.pace(result), RunningResultViewState(result: result).title, result.mode.rawValue,
                ]
            }
        ).split(separator: "\n").map(String.init)
        return zip(page.runs, details).map { run, detail in
            Row(title: RunningFormat.dateTime(run.startedAt, in: timeZone), detail: detail)
        }
    }

    /// `Page 2 of 3`, or nothing when one page holds every run.
    public var pageText: String? { page.count > 1 ? "Page \(page.number) of \(page.count)" : nil }

    /// Moves a page on (`forward`) or back, staying within the pages there are.
    public func turnPage(forward: Bool) {
        page = HistoryPage(runs, number: page.number + (forward ? 1 : -1))
    }

    /// Run `index` of the page shown, in full: the date, the result's lines and the track.
    public func detail(at index: Int) -> (title: String, lines: [String])? {
        guard page.runs.indices.contains(index) else { return nil }
        let run = page.runs[index]
        return (
            RunningFormat.dateTime(run.startedAt, in: timeZone),
            RunningResultViewState(result: run.result).lines + ["Track     \(run.route.name) (\(run.route.fileName))"]
        )
    }
}
