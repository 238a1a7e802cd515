import BlocksDomain
import Observation

/// The list of daily schedules, newest first; reloads when told to.
@MainActor @Observable
public final class DailyListViewModel: FetchRefreshDelegate {
    public private(set) var dailies: [Daily] = []
    public private(set) var errorMessage: String?
    public private(set) var loadCount = 0

    @ObservationIgnored private let fetchUseCase: any DailyFetchUseCase
    @ObservationIgnored private let deleteUseCase: any DailyDeleteUseCase

    public init(fetchUseCase: any DailyFetchUseCase, deleteUseCase: any DailyDeleteUseCase) {
        self.fetchUseCase = fetchUseCase
        self.deleteUseCase = deleteUseCase
    }

    public func load() {
        loadCount += 1
        do {
            dailies = try fetchUseCase.fetchAll()
            errorMessage = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    public func refresh() { load() }

    public func delete(_ daily: Daily) {
        do {
            try deleteUseCase.execute(id: daily.id)
            load()
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }
}

/// One daily; shows an edit at once through `reflect`.
@MainActor @Observable
public final class DailyDetailViewModel: EditReflectDelegate {
    public private(set) var daily: Daily
    public private(set) var errorMessage: String?

    @ObservationIgnored private let startUseCase: any ModeStartUseCase

    public init(daily: Daily, startUseCase: any ModeStartUseCase) {
        self.daily = daily
        self.startUseCase = startUseCase
    }

    public func reflect(_ model: Daily) { daily = model }

    @discardableResult
    public func start() -> ClockState? {
        do {
            errorMessage = nil
            return try startUseCase.execute(.daily, id: daily.id)
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }
}
