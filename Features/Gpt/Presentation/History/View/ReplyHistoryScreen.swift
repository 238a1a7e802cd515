import GptDomain
import StrataBase
import StrataTerminal

/// The replies so far, newest first: Enter reads one whole, `x` forgets everything after asking.
@MainActor
final class ReplyHistoryScreen: Screen {
    let title = "History"
    let viewModel: ReplyHistoryViewModel
    private weak var navigator: Navigator?
    private var selection = ListSelection()

    init(viewModel: ReplyHistoryViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
    }

    var helpItems: [HelpItem] { [HelpItem("Enter", "read"), HelpItem("x", "forget everything")] }

    var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    func screenWillAppear() {
        Task { await viewModel.load() }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        guard viewModel.isLoaded else {
            Spinner("Reading the history…", frame: context.frame).draw(in: canvas.rows(0, count: 1))
            return
        }
        let rows = viewModel.entries.map { ListRow($0.trouble, detail: "\($0.personaName) · \(viewModel.dateText($0))") }
        ListView(
            rows: rows, emptyText: "No replies yet. Choose a persona and write a trouble.",
            footer: viewModel.errorMessage
        ).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        let entries = viewModel.entries
        switch key {
        case .enter:
            guard entries.indices.contains(selection.index) else { return .handled }
            let entry = entries[selection.index]
            navigator?.presentAlert(title: "\(entry.personaName), \(viewModel.dateText(entry))", message: viewModel.fullText(entry))
        case .character("x"):
            navigator?.confirm(
                title: "Forget me",
                message: "Delete your \(countText(entries.count, "reply", "replies")) and today's uses? This can't be undone.",
                confirmLabel: "Delete"
            ) { [viewModel] yes in
                if yes { Task { await viewModel.forget() } }
            }
        default:
            return selection.handle(key, itemCount: entries.count) == .ignored ? .ignored : .handled
        }
        return .handled
    }
}
