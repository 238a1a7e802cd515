import BlocksDomain
import StrataTerminal

/// Timers, newest first: Enter starts one, `a` adds, `e` edits, `d` deletes after asking.
@MainActor
final class TimerListScreen: Screen {
    struct Actions {
        let start: @MainActor (FocusTimer) -> Void
        let create: @MainActor () -> Void
        let edit: @MainActor (FocusTimer) -> Void
        let confirmDelete: @MainActor (String, @escaping @MainActor (Bool) -> Void) -> Void
    }

    let title = "Timers"
    private let viewModel: TimerListViewModel
    private let actions: Actions
    private var selection = ListSelection()
    private var loaded = false

    init(viewModel: TimerListViewModel, actions: Actions) {
        self.viewModel = viewModel
        self.actions = actions
    }

    var helpItems: [HelpItem] {
        [HelpItem("Enter", "start"), HelpItem("a", "add"), HelpItem("e", "edit"), HelpItem("d", "delete")]
    }

    func screenWillAppear() {
        if !loaded {
            loaded = true
            viewModel.load()
        }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        let rows = viewModel.timers.map { ListRow($0.title, detail: DurationText.text($0.durationSeconds) + ", repeating") }
        ListView(rows: rows, emptyText: "No timers yet. Press a to add one.",
                 footer: viewModel.errorMessage).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        let selected = viewModel.timers.indices.contains(selection.index) ? viewModel.timers[selection.index] : nil
        switch key {
        case .enter:
            if let selected { actions.start(selected) }
        case .character("a"):
            actions.create()
        case .character("e"):
            if let selected { actions.edit(selected) }
        case .character("d"):
            guard let selected else { return .handled }
            actions.confirmDelete("Delete the timer \"\(selected.title)\"?") { [viewModel] yes in
                if yes { viewModel.delete(selected) }
            }
        default:
            return selection.handle(key, itemCount: viewModel.timers.count) == .ignored ? .ignored : .handled
        }
        return .handled
    }
}

/// Creates or edits a timer: title and duration; Tab switches fields, Enter saves.
@MainActor
final class TimerFormScreen: Screen {
    let title: String
    private let viewModel: any TimerFormModel
    private let done: @MainActor () -> Void
    private var fields: [TextFieldState]
    private var focused = 0
    private var inputError: String?

    /// A new timer: an empty title and 25 minutes.
    convenience init(viewModel: TimerCreateViewModel, done: @escaping @MainActor () -> Void) {
        self.init(title: "New timer", viewModel: viewModel, fields: [TextFieldState(), TextFieldState(text: "25m")], done: done)
    }

    /// An existing timer, its title and duration filled in.
    convenience init(viewModel: TimerEditViewModel, done: @escaping @MainActor () -> Void) {
        self.init(title: "Edit timer", viewModel: viewModel,
                  fields: [TextFieldState(text: viewModel.title), TextFieldState(text: DurationText.text(viewModel.durationSeconds))],
                  done: done)
    }

    private init(title: String, viewModel: any TimerFormModel, fields: [TextFieldState], done: @escaping @MainActor () -> Void) {
        self.title = title
        self.viewModel = viewModel
        self.fields = fields
        self.done = done
    }

    var helpItems: [HelpItem] { [HelpItem("Tab", "next field"), HelpItem("Enter", "save")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        TextField(state: fields[0], prompt: "Title: ", placeholder: "Pomodoro", isFocused: focused == 0)
            .draw(in: canvas.rows(1, count: 1))
        TextField(state: fields[1], prompt: "Duration: ", placeholder: "25m", isFocused: focused == 1)
            .draw(in: canvas.rows(3, count: 1))
        if let message = inputError ?? viewModel.errorMessage { canvas.draw(message, column: 0, row: 5, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .tab, .backTab, .up, .down: focused = 1 - focused
        case .enter:
            guard let seconds = DurationText.seconds(from: fields[1].text) else {
                inputError = "A duration looks like 25m, 1h30m or 90s."
                return .handled
            }
            inputError = nil
            viewModel.title = fields[0].text
            viewModel.durationSeconds = seconds
            if viewModel.complete() != nil { done() }
        default:
            guard fields[focused].handle(key) else { return .ignored }
        }
        return .handled
    }
}
