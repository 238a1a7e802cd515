import StrataTerminal

/// One block: `e` edits it (the edit shows here at once), `s` starts it.
@MainActor
final class BlockDetailScreen: Screen {
    struct Actions {
        let edit: @MainActor () -> Void
        let started: @MainActor () -> Void
    }

    private let viewModel: BlockDetailViewModel
    private let actions: Actions

    init(viewModel: BlockDetailViewModel, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    var title: String { viewModel.block.title }
    var helpItems: [HelpItem] { [HelpItem("e", "edit"), HelpItem("s", "start")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw(viewModel.block.title, column: 2, row: 1, style: .bold)
        canvas.draw(viewModel.lengthText, column: 2, row: 3)
        if let error = viewModel.errorMessage { canvas.draw(error, column: 2, row: 5, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .character("e"): actions.edit()
        case .character("s"): if viewModel.start() != nil { actions.started() }
        default: return .ignored
        }
        return .handled
    }
}
