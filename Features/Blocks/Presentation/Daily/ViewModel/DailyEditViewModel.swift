import BlocksDomain
import FoundationEssentials
import Observation

/// Edits a daily in the same two steps. On success the list refreshes and the detail reflects the saved
/// model (whose repeat count may have been clamped to what fits), each exactly once; on failure neither.
@MainActor @Observable
public final class DailyEditViewModel {
    public var form: DailyForm
    public private(set) var step = DailyFormStep.info
    public private(set) var errorMessage: String?
    public private(set) var saved: Daily?

    @ObservationIgnored private let dailyID: UUID
    @ObservationIgnored private let editUseCase: any DailyEditUseCase
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?
    @ObservationIgnored private weak var editReflectDelegate: (any EditReflectDelegate<Daily>)?

    public init(daily: Daily, editUseCase: any DailyEditUseCase, fetchRefreshDelegate: (any FetchRefreshDelegate)?,
                editReflectDelegate: (any EditReflectDelegate<Daily>)?) {
        self.dailyID = daily.id
        self.form = DailyForm(daily)
        self.editUseCase = editUseCase
        self.fetchRefreshDelegate = fetchRefreshDelegate
        self.editReflectDelegate = editReflectDelegate
    }

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

    @discardableResult
    public func done() -> Bool {
        guard step == .schedule else { return next() && done() }
        do {
            let daily = try editUseCase.execute(id: dailyID, form.draft)
            saved = daily
            form = DailyForm(daily)
            errorMessage = nil
            fetchRefreshDelegate?.refresh()
            editReflectDelegate?.reflect(daily)
            return true
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return false
        }
    }
}
