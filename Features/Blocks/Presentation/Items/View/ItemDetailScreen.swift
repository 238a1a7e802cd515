import BlocksDomain
import StrataTerminal

/// One item, as `strata <group> show` prints it: `e` edits it (the edit shows here at once), `s` starts it.
@MainActor
final class ItemDetailScreen<Item: PresentedItem>: Screen {
    struct Actions {
        let edit: @MainActor () -> Void
        /// Starts the item, asking first if something else runs.
        let start: @MainActor () -> Void
    }

    private let viewModel: ItemDetailViewModel<Item>
    private let actions: Actions

    init(viewModel: ItemDetailViewModel<Item>, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    var title: String { viewModel.item.title }
    var helpItems: [HelpItem] { [HelpItem("e", "edit"), HelpItem("s", "start")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        let lines = viewModel.item.shownText.split(separator: "\n")
        for (row, line) in lines.enumerated() {
            canvas.draw(String(line), column: 2, row: row + 1, style: row == 0 ? .bold : .plain)
        }
        if let error = viewModel.errorMessage { canvas.draw(error, column: 2, row: lines.count + 2, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .character("e"): actions.edit()
        case .character("s"): actions.start()
        default: return .ignored
        }
        return .handled
    }
}
