import BlocksDomain
import Observation

/// The items of one kind, newest first. It reloads when an edit or a create tells it to (`refresh`).
@MainActor @Observable
public final class ItemListViewModel<Item: BlocksItem>: FetchRefreshDelegate {
    public private(set) var items: [Item] = []
    public private(set) var errorMessage: String?
    /// How many times the list was loaded; the screen loads it the first time it appears.
    public private(set) var loadCount = 0

    @ObservationIgnored private let useCases: ItemUseCases<Item>

    public init(useCases: ItemUseCases<Item>) {
        self.useCases = useCases
    }

    public func load() {
        loadCount += 1
        do {
            items = try useCases.fetch.fetchAll()
            errorMessage = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    public func refresh() { load() }

    public func delete(_ item: Item) {
        do {
            try useCases.delete.execute(id: item.id)
            load()
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }
}
