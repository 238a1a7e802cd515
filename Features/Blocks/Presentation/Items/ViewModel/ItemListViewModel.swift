import BlocksDomain
import FoundationEssentials
import Observation

/// The items of one kind, newest first. It reloads when an edit or a create tells it to (`refresh`).
@MainActor @Observable
public final class ItemListViewModel<Item: BlocksItem>: FetchRefreshDelegate {
    public private(set) var items: [Item] = []
    public private(set) var errorMessage: String?
    /// How many times the list was loaded; the screen loads it the first time it appears.
    public private(set) var loadCount = 0
    /// The item of this kind that runs now, if one does.
    public private(set) var runningID: UUID?

    @ObservationIgnored private let useCases: ItemUseCases<Item>
    @ObservationIgnored private let clock: any ClockFetchUseCase

    public init(useCases: ItemUseCases<Item>, clock: any ClockFetchUseCase) {
        self.useCases = useCases
        self.clock = clock
    }

    public func load() {
        loadCount += 1
        do {
            items = try useCases.fetch.fetchAll()
            try readRunning()
            errorMessage = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    /// Reads again which item runs (after the clock screen, where it may have stopped), keeping the items.
    public func refreshRunning() {
        do {
            try readRunning()
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    private func readRunning() throws {
        let running = try clock.execute()?.mode
        runningID = running?.kind == Item.kind ? running?.itemID : nil
    }

    /// What to ask before deleting `item`: deleting what runs stops the clock, and the question says so.
    public func deleteQuestion(_ item: Item) -> String {
        "Delete the \(Item.kind.rawValue) \"\(item.title)\"?"
            + (item.id == runningID ? " It is running; the clock stops." : "")
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
