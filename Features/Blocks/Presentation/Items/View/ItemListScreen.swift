import BlocksDomain
import StrataTerminal

/// The items of one kind, newest first: Enter opens one (or starts it), `a` adds, `e` edits, `d` deletes after
/// asking.
@MainActor
final class ItemListScreen<Item: PresentedItem>: Screen {
    struct Actions {
        let open: @MainActor (Item) -> Void
        let create: @MainActor () -> Void
        let edit: @MainActor (Item) -> Void
        let confirmDelete: @MainActor (String, @escaping @MainActor (Bool) -> Void) -> Void
    }

    let title = Item.listTitle
    private let viewModel: ItemListViewModel<Item>
    private let actions: Actions
    private var selection = ListSelection()

    init(viewModel: ItemListViewModel<Item>, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    /// An empty list offers only `a`: Enter, `e` and `d` act on an item and do nothing without one.
    var helpItems: [HelpItem] {
        guard !viewModel.items.isEmpty else { return [HelpItem("a", "add")] }
        return [
            HelpItem("Enter", Item.enterStarts ? "start" : "open"), HelpItem("a", "add"), HelpItem("e", "edit"),
            HelpItem("d", "delete"),
        ]
    }

    var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    func screenWillAppear() {
        if viewModel.loadCount == 0 { viewModel.load() } else { viewModel.refreshRunning() }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        let rows = viewModel.items.map {
            ListRow($0.title, detail: ($0.id == viewModel.runningID ? "▶ running · " : "") + $0.summary)
        }
        ListView(
            rows: rows, emptyText: Item.emptyListText,
            footer: viewModel.errorMessage
        ).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        let items = viewModel.items
        let selected = items.indices.contains(selection.index) ? items[selection.index] : nil
        switch key {
        case .enter:
            if let selected { actions.open(selected) }
        case .character("a"):
            actions.create()
        case .character("e"):
            if let selected { actions.edit(selected) }
        case .character("d"):
            guard let selected else { return .handled }
            actions.confirmDelete(viewModel.deleteQuestion(selected)) { [viewModel] yes in
                if yes { viewModel.delete(selected) }
            }
        default:
            return selection.handle(key, itemCount: items.count) == .ignored ? .ignored : .handled
        }
        return .handled
    }
}
