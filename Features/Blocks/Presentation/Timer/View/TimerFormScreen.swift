import BlocksDomain
import StrataTerminal

/// Creates or edits a timer: title and duration; Tab switches fields, Enter saves.
@MainActor
final class TimerFormScreen: Screen {
    private let viewModel: ItemFormViewModel<FocusTimer>
    private let done: @MainActor () -> Void
    private var fields: [TextFieldState]
    private let originalTexts: [String]
    private var focused = 0
    private var inputError: String?

    init(viewModel: ItemFormViewModel<FocusTimer>, done: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.done = done
        fields = [
            TextFieldState(text: viewModel.draft.title),
            TextFieldState(text: DurationText.text(viewModel.draft.durationSeconds), selected: true),
        ]
        originalTexts = fields.map(\.text)
    }

    var title: String { viewModel.isNew ? "New timer" : "Edit timer" }

    var helpItems: [HelpItem] { [HelpItem("Tab", "next field"), HelpItem("Enter", "save")] }

    var keyHelp: [HelpItem] { helpItems + TextFieldState.keyHelp }

    var leavingQuestion: String? { fields.map(\.text) == originalTexts ? nil : viewModel.discardQuestion }

    func draw(in canvas: Canvas, context: RenderContext) {
        TextField(state: fields[0], prompt: "Title: ", placeholder: BlocksErrorText.titleExample(.timer), isFocused: focused == 0)
            .draw(in: canvas.rows(1, count: 1))
        TextField(state: fields[1], prompt: "Duration: ", placeholder: "25m", isFocused: focused == 1)
            .draw(in: canvas.rows(3, count: 1))
        if DurationText.seconds(from: fields[1].text) == 0 {
            canvas.draw(ZeroDuration.note, column: 0, row: 4, style: .dim)
        }
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
            viewModel.draft = TimerDraft(title: fields[0].text, durationSeconds: seconds)
            if viewModel.save() != nil { done() }
        default:
            guard fields[focused].handle(key) else { return .ignored }
            inputError = nil
            viewModel.fieldsChanged()
        }
        return .handled
    }
}
