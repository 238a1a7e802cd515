import Foundation
import Observation
import RunningDomain

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

    /// The runs of the page shown.
    public var rows: [Row] {
        page.runs.map { run in
            let result = run.result
            return Row(title: "\(RunningFormat.dateTime(run.startedAt, in: timeZone))  \(result.mode.rawValue)  \(RunningFormat.distance(result.distanceKm)) km",
                       detail: "\(RunningFormat.elapsedTime(result.elapsedSeconds))  \(RunningFormat.pace(result))  \(RunningResultViewState(result: result).title)")
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
        return (RunningFormat.dateTime(run.startedAt, in: timeZone),
                RunningResultViewState(result: run.result).lines + ["Track     \(run.route.name) (\(run.route.fileName))"])
    }
}
