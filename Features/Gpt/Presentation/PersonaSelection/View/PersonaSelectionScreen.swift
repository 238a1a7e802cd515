import GptDomain
import StrataTerminal

/// The personas as a list, today's uses in the status line, the selected persona's introduction below.
@MainActor
final class PersonaSelectionScreen: Screen {
    let title = "LuckyVicky"
    let viewModel: PersonaSelectionViewModel
    private var selection = ListSelection()

    init(viewModel: PersonaSelectionViewModel) {
        self.viewModel = viewModel
    }

    var helpItems: [HelpItem] {
        [
            HelpItem("↑↓", "choose"), HelpItem("Enter", viewModel.isSelectEnabled ? "write a trouble" : "—"), HelpItem("h", "history"),
            HelpItem("r", "reload"),
        ]
    }

    var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    var isAnimating: Bool { viewModel.isLoading }

    /// Keys typed before the first load ends (Enter, then the trouble) wait for it: they were lost. A load
    /// that fails ends the wait too, and the app gives them anyway past its hold limit.
    var isReadyForKeys: Bool { viewModel.hasLoaded }

    func screenWillAppear() {
        Task { await viewModel.load() }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        StatusLine(left: "Who should answer your trouble?", right: viewModel.usageText).draw(in: canvas.rows(0, count: 1))
        if viewModel.isLoading && viewModel.personas.isEmpty {
            Spinner("Loading personas…", frame: context.frame).draw(in: canvas.rows(2, count: 1))
            return
        }
        let detailRows = 5
        let listHeight = max(1, canvas.size.height - 2 - detailRows)
        let rows = viewModel.personas.map { ListRow($0.name, detail: $0.nickname) }
        if let index = viewModel.selectedIndex, index != selection.index { selection.select(index, itemCount: rows.count) }
        ListView(rows: rows, emptyText: "No personas.").draw(in: canvas.rows(2, count: listHeight), selection: &selection)

        let details = canvas.rows(2 + listHeight + 1, count: detailRows - 1)
        if let error = viewModel.errorMessage {
            TextBlock(error, style: .color(.red)).draw(in: details)
        } else if let limit = viewModel.limitMessage {
            TextBlock(limit, style: .color(.yellow)).draw(in: details)
        } else if let persona = viewModel.selectedPersona {
            TextBlock("“\(persona.introduction)”", style: .dim).draw(in: details)
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .enter:
            viewModel.confirm()
            return .handled
        case .character("r"):
            Task { await viewModel.load() }
            return .handled
        case .character("h"):
            viewModel.showHistory()
            return .handled
        default:
            guard selection.handle(key, itemCount: viewModel.personas.count) != .ignored else { return .ignored }
            viewModel.select(index: selection.index)
            return .handled
        }
    }
}
