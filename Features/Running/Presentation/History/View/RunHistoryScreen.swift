import StrataTerminal

/// The saved runs, newest first.
@MainActor
final class RunHistoryScreen: Screen {
    let title = "History"
    private let viewModel: HistoryViewModel
    private var selection = ListSelection()

    init(viewModel: HistoryViewModel) { self.viewModel = viewModel }

    var helpItems: [HelpItem] { [HelpItem("↑↓", "scroll")] }
    var isAnimating: Bool { viewModel.isLoading }

    func screenWillAppear() { Task { await viewModel.load() } }

    func draw(in canvas: Canvas, context: RenderContext) {
        if let error = viewModel.errorMessage {
            TextBlock(error, style: .color(.red)).draw(in: canvas)
        } else if viewModel.isLoading && viewModel.rows.isEmpty {
            Spinner("Loading…", frame: context.frame).draw(in: canvas)
        } else {
            ListView(rows: viewModel.rows.map { ListRow($0.title, detail: $0.detail) },
                     emptyText: "No runs yet. Start one from New run.").draw(in: canvas, selection: &selection)
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        selection.handle(key, itemCount: viewModel.rows.count) == .ignored ? .ignored : .handled
    }
}
