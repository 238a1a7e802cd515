import BlocksDomain
import FoundationEssentials
import Observation

/// Edits a block. On success it tells the list to refresh and the detail to reflect the saved model, each
/// exactly once; on failure it tells neither and shows why.
@MainActor @Observable
public final class BlockEditViewModel {
    public var title: String
    public var hours: Int?
    public private(set) var errorMessage: String?
    public private(set) var saved: Block?

    @ObservationIgnored private let blockID: UUID
    @ObservationIgnored private let editUseCase: any BlockEditUseCase
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?
    @ObservationIgnored private weak var editReflectDelegate: (any EditReflectDelegate<Block>)?

    public init(block: Block, editUseCase: any BlockEditUseCase, fetchRefreshDelegate: (any FetchRefreshDelegate)?,
                editReflectDelegate: (any EditReflectDelegate<Block>)?) {
        self.blockID = block.id
        self.title = block.title
        self.hours = block.length.hours
        self.editUseCase = editUseCase
        self.fetchRefreshDelegate = fetchRefreshDelegate
        self.editReflectDelegate = editReflectDelegate
    }

    /// Saves; answers whether it worked.
    @discardableResult
    public func done() -> Bool {
        do {
            let block = try editUseCase.execute(id: blockID, BlockDraft(title: title, hours: hours))
            saved = block
            errorMessage = nil
            fetchRefreshDelegate?.refresh()
            editReflectDelegate?.reflect(block)
            return true
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return false
        }
    }
}
