import BlocksDomain
import StrataTerminal

/// Daily schedules, newest first: Enter opens one, `a` adds, `d` deletes after asking.
@MainActor
final class DailyListScreen: Screen {
    struct Actions {
        let showDetail: @MainActor (Daily) -> Void
        let create: @MainActor () -> Void
        let confirmDelete: @MainActor (String, @escaping @MainActor (Bool) -> Void) -> Void
    }

    let title = "Daily"
    private let viewModel: DailyListViewModel
    private let actions: Actions
    private var selection = ListSelection()

    init(viewModel: DailyListViewModel, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    var helpItems: [HelpItem] { [HelpItem("Enter", "open"), HelpItem("a", "add"), HelpItem("d", "delete")] }

    func screenWillAppear() {
        if viewModel.loadCount == 0 { viewModel.load() }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        let rows = viewModel.dailies.map {
            ListRow($0.title, detail: "from \(ClockTimeText.text($0.startSeconds)), \($0.repeatCount) × \(DurationText.text($0.focusSeconds)) + \(DurationText.text($0.breakSeconds))")
        }
        ListView(rows: rows, emptyText: "No daily schedules yet. Press a to add one.",
                 footer: viewModel.errorMessage).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        let selected = viewModel.dailies.indices.contains(selection.index) ? viewModel.dailies[selection.index] : nil
        switch key {
        case .enter:
            if let selected { actions.showDetail(selected) }
        case .character("a"):
            actions.create()
        case .character("d"):
            guard let selected else { return .handled }
            actions.confirmDelete("Delete the daily \"\(selected.title)\"?") { [viewModel] yes in
                if yes { viewModel.delete(selected) }
            }
        default:
            return selection.handle(key, itemCount: viewModel.dailies.count) == .ignored ? .ignored : .handled
        }
        return .handled
    }
}

/// One daily: `e` edits it in two steps, `s` starts it.
@MainActor
final class DailyDetailScreen: Screen {
    struct Actions {
        let edit: @MainActor () -> Void
        let started: @MainActor () -> Void
    }

    private let viewModel: DailyDetailViewModel
    private let actions: Actions

    init(viewModel: DailyDetailViewModel, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    var title: String { viewModel.daily.title }
    var helpItems: [HelpItem] { [HelpItem("e", "edit"), HelpItem("s", "start")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        let lines = BlocksTextFormatter.daily(viewModel.daily).split(separator: "\n")
        for (row, line) in lines.enumerated() {
            canvas.draw(String(line), column: 2, row: row + 1, style: row == 0 ? .bold : .plain)
        }
        if let error = viewModel.errorMessage { canvas.draw(error, column: 2, row: lines.count + 2, style: .color(.red)) }
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
