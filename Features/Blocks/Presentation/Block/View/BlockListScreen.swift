import BlocksDomain
import StrataTerminal

/// Blocks, newest first: Enter opens one, `a` adds, `d` deletes after asking.
@MainActor
final class BlockListScreen: Screen {
    struct Actions {
        let showDetail: @MainActor (Block) -> Void
        let create: @MainActor () -> Void
        let confirmDelete: @MainActor (String, @escaping @MainActor (Bool) -> Void) -> Void
    }

    let title = "Blocks"
    private let viewModel: BlockListViewModel
    private let actions: Actions
    private var selection = ListSelection()

    init(viewModel: BlockListViewModel, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    var helpItems: [HelpItem] { [HelpItem("Enter", "open"), HelpItem("a", "add"), HelpItem("d", "delete")] }

    func screenWillAppear() {
        if viewModel.loadCount == 0 { viewModel.load() }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        let rows = viewModel.blocks.map { ListRow($0.title, detail: "\($0.length.hours) h blocks") }
        ListView(rows: rows, emptyText: "No blocks yet. Press a to add one.",
                 footer: viewModel.errorMessage).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        let selected = viewModel.blocks.indices.contains(selection.index) ? viewModel.blocks[selection.index] : nil
        switch key {
        case .enter:
            if let selected { actions.showDetail(selected) }
        case .character("a"):
            actions.create()
        case .character("d"):
            guard let selected else { return .handled }
            actions.confirmDelete("Delete the block \"\(selected.title)\"?") { [viewModel] yes in
                if yes { viewModel.delete(selected) }
            }
        default:
            return selection.handle(key, itemCount: viewModel.blocks.count) == .ignored ? .ignored : .handled
        }
        return .handled
    }
}
