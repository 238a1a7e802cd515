import BlocksDomain
import FoundationEssentials
import Observation

/// Edits a timer with the rules it was created with, then refreshes the list.
@MainActor @Observable
public final class TimerEditViewModel {
    public var title: String
    public var durationSeconds: Int
    public private(set) var errorMessage: String?

    @ObservationIgnored private let timerID: UUID
    @ObservationIgnored private let editUseCase: any TimerEditUseCase
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?

    public init(timer: FocusTimer, editUseCase: any TimerEditUseCase, fetchRefreshDelegate: (any FetchRefreshDelegate)?) {
        title = timer.title
        durationSeconds = timer.durationSeconds
        timerID = timer.id
        self.editUseCase = editUseCase
        self.fetchRefreshDelegate = fetchRefreshDelegate
    }

    /// Saves the timer; `nil` (with `errorMessage` set) when the draft is refused.
    @discardableResult
    public func complete() -> FocusTimer? {
        do {
            let timer = try editUseCase.execute(id: timerID, TimerDraft(title: title, durationSeconds: durationSeconds))
            errorMessage = nil
            fetchRefreshDelegate?.refresh()
            return timer
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }
}

/// What the timer form fills in and saves: a new timer or an existing one.
@MainActor
protocol TimerFormModel: AnyObject {
    var title: String { get set }
    var durationSeconds: Int { get set }
    var errorMessage: String? { get }
    func complete() -> FocusTimer?
}

extension TimerCreateViewModel: TimerFormModel {}
extension TimerEditViewModel: TimerFormModel {}
