import BlocksDomain
import Observation

/// The list of blocks, newest first. It reloads when an edit or a create tells it to (`refresh`).
@MainActor @Observable
public final class BlockListViewModel: FetchRefreshDelegate {
    public private(set) var blocks: [Block] = []
    public private(set) var errorMessage: String?
    /// How many times the list was reloaded; screens and tests can watch it.
    public private(set) var loadCount = 0

    @ObservationIgnored private let fetchUseCase: any BlockFetchUseCase
    @ObservationIgnored private let deleteUseCase: any BlockDeleteUseCase

    public init(fetchUseCase: any BlockFetchUseCase, deleteUseCase: any BlockDeleteUseCase) {
        self.fetchUseCase = fetchUseCase
        self.deleteUseCase = deleteUseCase
    }

    public func load() {
        loadCount += 1
        do {
            blocks = try fetchUseCase.fetchAll()
            errorMessage = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    public func refresh() { load() }

    public func delete(_ block: Block) {
        do {
            try deleteUseCase.execute(id: block.id)
            load()
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }
}
