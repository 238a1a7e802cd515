import StrataTerminal

/// The saved runs, newest first, five a page: ←→ turn the page, Enter opens a run.
@MainActor
final class RunHistoryScreen: Screen {
    let title = "History"
    let viewModel: HistoryViewModel
    private let open: @MainActor (_ title: String, _ lines: [String]) -> Void
    private var selection = ListSelection()

    init(viewModel: HistoryViewModel, open: @escaping @MainActor (_ title: String, _ lines: [String]) -> Void) {
        self.viewModel = viewModel
        self.open = open
    }

    var helpItems: [HelpItem] { [HelpItem("Enter", "open"), HelpItem("←→", "page")] }
    var isAnimating: Bool { viewModel.isLoading }

    func screenWillAppear() { Task { await viewModel.load() } }

    func draw(in canvas: Canvas, context: RenderContext) {
        if let error = viewModel.errorMessage {
            TextBlock(error, style: .color(.red)).draw(in: canvas)
        } else if viewModel.isLoading && viewModel.rows.isEmpty {
            Spinner("Loading…", frame: context.frame).draw(in: canvas)
        } else {
            ListView(
                rows: viewModel.rows.map { ListRow($0.title, detail: $0.detail) },
                emptyText: "No runs yet. Start one from New run.", footer: viewModel.pageText
            )
            .draw(in: canvas, selection: &selection)
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .left, .right:
            viewModel.turnPage(forward: key == .right)
            selection = ListSelection()
        case .enter:
            if let detail = viewModel.detail(at: selection.index) { open(detail.title, detail.lines) }
        default:
            return selection.handle(key, itemCount: viewModel.rows.count) == .ignored ? .ignored : .handled
        }
        return .handled
    }
}

/// One saved run in full.
@MainActor
final class RunDetailScreen: Screen {
    let title: String
    private let lines: [String]

    init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        for (row, line) in lines.enumerated() where row < canvas.size.height {
            canvas.draw(line, row: row, style: row == 0 ? .bold : .plain)
        }
    }

    func handle(_ key: Key) throws -> KeyResult { .ignored }
}
