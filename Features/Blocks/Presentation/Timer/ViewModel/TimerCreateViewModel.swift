import BlocksDomain
import Observation

/// Creates a timer, refreshes the list, then asks "start now?".
@MainActor @Observable
public final class TimerCreateViewModel {
    public var title = ""
    public var durationSeconds = 25 * 60
    public private(set) var errorMessage: String?
    public private(set) var startPrompt: StartPrompt?

    @ObservationIgnored private let createUseCase: any TimerCreateUseCase
    @ObservationIgnored private let startUseCase: any ModeStartUseCase
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?

    public init(createUseCase: any TimerCreateUseCase, startUseCase: any ModeStartUseCase,
                fetchRefreshDelegate: (any FetchRefreshDelegate)?) {
        self.createUseCase = createUseCase
        self.startUseCase = startUseCase
        self.fetchRefreshDelegate = fetchRefreshDelegate
    }

    @discardableResult
    public func complete() -> FocusTimer? {
        do {
            let timer = try createUseCase.execute(TimerDraft(title: title, durationSeconds: durationSeconds))
            errorMessage = nil
            startPrompt = StartPrompt(kind: .timer, itemID: timer.id, title: timer.title)
            fetchRefreshDelegate?.refresh()
            return timer
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }

    @discardableResult
    public func answerStart(_ start: Bool) -> ClockState? {
        defer { startPrompt = nil }
        do {
            return try startPrompt?.answer(start, using: startUseCase)
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }
}

/// The list of timers, newest first; reloads when told to.
@MainActor @Observable
public final class TimerListViewModel: FetchRefreshDelegate {
    public private(set) var timers: [FocusTimer] = []
    public private(set) var errorMessage: String?

    @ObservationIgnored private let fetchUseCase: any TimerFetchUseCase
    @ObservationIgnored private let deleteUseCase: any TimerDeleteUseCase

    public init(fetchUseCase: any TimerFetchUseCase, deleteUseCase: any TimerDeleteUseCase) {
        self.fetchUseCase = fetchUseCase
        self.deleteUseCase = deleteUseCase
    }

    public func load() {
        do {
            timers = try fetchUseCase.fetchAll()
            errorMessage = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    public func refresh() { load() }

    public func delete(_ timer: FocusTimer) {
        do {
            try deleteUseCase.execute(id: timer.id)
            load()
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }
}
