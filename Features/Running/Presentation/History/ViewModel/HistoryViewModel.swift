import Foundation
import Observation
import RunningDomain

/// The history screen's list: one row per saved run, newest first.
@MainActor @Observable
public final class HistoryViewModel {
    public struct Row: Sendable, Equatable {
        public var title: String
        public var detail: String
    }

    public private(set) var rows: [Row] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?

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
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            rows = try await fetchHistory.execute().map { run in
                let result = run.result
                let title = "\(formatter.string(from: run.startedAt))  \(result.mode.rawValue)  \(RunningFormat.distance(result.distanceKm)) km"
                let detail = "\(RunningFormat.elapsedTime(result.elapsedSeconds))  \(RunningResultViewState(result: result).title)"
                return Row(title: title, detail: detail)
            }
            errorMessage = nil
        } catch {
            errorMessage = RunningErrorText.text(error, for: .screens)
        }
    }
}
