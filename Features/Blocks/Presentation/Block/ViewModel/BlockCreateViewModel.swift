import BlocksDomain
import Observation

/// Creates a block, refreshes the list, then asks "start now?".
@MainActor @Observable
public final class BlockCreateViewModel {
    public var title = ""
    public var hours: Int?
    public private(set) var errorMessage: String?
    /// Set after a successful create until the question is answered.
    public private(set) var startPrompt: StartPrompt?

    @ObservationIgnored private let createUseCase: any BlockCreateUseCase
    @ObservationIgnored private let startUseCase: any ModeStartUseCase
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?

    public init(createUseCase: any BlockCreateUseCase, startUseCase: any ModeStartUseCase,
                fetchRefreshDelegate: (any FetchRefreshDelegate)?) {
        self.createUseCase = createUseCase
        self.startUseCase = startUseCase
        self.fetchRefreshDelegate = fetchRefreshDelegate
    }

    /// Saves the block; answers it, or `nil` with `errorMessage` set.
    @discardableResult
    public func complete() -> Block? {
        do {
            let block = try createUseCase.execute(BlockDraft(title: title, hours: hours))
            errorMessage = nil
            startPrompt = StartPrompt(kind: .block, itemID: block.id, title: block.title)
            fetchRefreshDelegate?.refresh()
            return block
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }

    /// Answers the "start now?" question; starting answers the clock's first state.
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
