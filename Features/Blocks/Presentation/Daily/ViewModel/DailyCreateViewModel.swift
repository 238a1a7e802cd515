import BlocksDomain
import Observation

/// Creates a daily in two steps, refreshes the list, then asks "start now?".
@MainActor @Observable
public final class DailyCreateViewModel {
    public var form = DailyForm()
    public private(set) var step = DailyFormStep.info
    public private(set) var errorMessage: String?
    public private(set) var startPrompt: StartPrompt?

    @ObservationIgnored private let createUseCase: any DailyCreateUseCase
    @ObservationIgnored private let startUseCase: any ModeStartUseCase
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?

    public init(createUseCase: any DailyCreateUseCase, startUseCase: any ModeStartUseCase,
                fetchRefreshDelegate: (any FetchRefreshDelegate)?) {
        self.createUseCase = createUseCase
        self.startUseCase = startUseCase
        self.fetchRefreshDelegate = fetchRefreshDelegate
    }

    /// Leaves the first step if its fields are valid; answers whether it did.
    @discardableResult
    public func next() -> Bool {
        do {
            try form.validateInfo()
            errorMessage = nil
            step = .schedule
            return true
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return false
        }
    }

    public func back() { step = .info }

    /// Saves the daily (second step); answers it, or `nil` with `errorMessage` set.
    @discardableResult
    public func complete() -> Daily? {
        guard step == .schedule else {
            return next() ? complete() : nil
        }
        do {
            let daily = try createUseCase.execute(form.draft)
            errorMessage = nil
            startPrompt = StartPrompt(kind: .daily, itemID: daily.id, title: daily.title)
            fetchRefreshDelegate?.refresh()
            return daily
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
