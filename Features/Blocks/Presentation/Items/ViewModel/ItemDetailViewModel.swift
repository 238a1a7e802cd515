import BlocksDomain
import Observation

/// One item. An edit reflects the saved item here (`reflect`) so the screen shows it at once.
@MainActor @Observable
public final class ItemDetailViewModel<Item: BlocksItem>: EditReflectDelegate {
    public private(set) var item: Item
    public private(set) var errorMessage: String?

    @ObservationIgnored private let startUseCase: any ModeStartUseCase

    public init(item: Item, startUseCase: any ModeStartUseCase) {
        self.item = item
        self.startUseCase = startUseCase
    }

    public func reflect(_ model: Item) { item = model }

    /// Starts the item; answers the clock's first state, or `nil` with `errorMessage` set.
    @discardableResult
    public func start() -> ClockState? {
        do {
            errorMessage = nil
            return try startUseCase.execute(Item.kind, id: item.id)
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }
}
