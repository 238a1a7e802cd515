import BlocksDomain
import Observation

/// One block. An edit reflects the updated model here (`reflect`) so the screen shows it at once.
@MainActor @Observable
public final class BlockDetailViewModel: EditReflectDelegate {
    public private(set) var block: Block
    public private(set) var errorMessage: String?

    @ObservationIgnored private let startUseCase: any ModeStartUseCase

    public init(block: Block, startUseCase: any ModeStartUseCase) {
        self.block = block
        self.startUseCase = startUseCase
    }

    public var lengthText: String { "\(block.length.hours) h blocks, \(block.length.blocksPerDay) a day" }

    public func reflect(_ model: Block) { block = model }

    /// Starts the block; answers the clock's first state, or `nil` with `errorMessage` set.
    @discardableResult
    public func start() -> ClockState? {
        do {
            errorMessage = nil
            return try startUseCase.execute(.block, id: block.id)
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }
}
