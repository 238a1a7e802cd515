import BlocksDomain
import StrataBase
import StrataTerminal

/// Creates or edits a daily in Tempus's two steps: title, focus and break first; then start time and
/// repeats. Tab moves between fields, Enter goes on (and saves on the second step), Esc on the second step
/// goes back to the first.
@MainActor
final class DailyFormScreen: Screen {
    private enum Step { case first, second }

    private let viewModel: ItemFormViewModel<Daily>
    private let done: @MainActor () -> Void
    private var step = Step.first
    private var fields: [TextFieldState]
    private let originalTexts: [String]
    private var focused = 0
    private var inputError: String?

    private static let labels = ["Title: ", "Focus: ", "Break: ", "Start: ", "Repeats: "]

    init(viewModel: ItemFormViewModel<Daily>, done: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.done = done
        let draft = viewModel.draft
        fields = [
            draft.title, DurationText.text(draft.focusSeconds), DurationText.text(draft.breakSeconds),
            ClockTimeText.text(draft.startSeconds), String(draft.repeatCount),
        ].enumerated()
            .map { TextFieldState(text: $1, selected: $0 > 0) }  // the prefilled values are replaced by typing
        originalTexts = fields.map(\.text)
    }

    var title: String { viewModel.isNew ? "New daily" : "Edit daily" }

    var helpItems: [HelpItem] {
        step == .first
            ? [HelpItem("Tab", "next field"), HelpItem("Enter", "next step")]
            : [HelpItem("Tab", "next field"), HelpItem("Enter", "save"), HelpItem("Esc", "back")]
    }

    var keyHelp: [HelpItem] { helpItems + TextFieldState.keyHelp }

    private var visible: Range<Int> { step == .first ? 0..<3 : 3..<5 }

    var leavingQuestion: String? { fields.map(\.text) == originalTexts ? nil : viewModel.discardQuestion }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw(
            step == .first ? "Step 1 of 2: what and how long" : "Step 2 of 2: when and how often",
            column: 0, row: 0, style: .dim)
        for (row, index) in visible.enumerated() {
            TextField(state: fields[index], prompt: Self.labels[index], isFocused: index == focused)
                .draw(in: canvas.rows(2 + row * 2, count: 1))
        }
        if step == .second {
            let maximum = typedDraft.maximumRepeats
            canvas.draw("At most \(countText(maximum, "round")) \(maximum == 1 ? "fits" : "fit") in a day.", column: 0, row: 7, style: .dim)
        }
        // Said on both steps: the second is where it is saved.
        if typedDraft.focusSeconds == 0 || typedDraft.breakSeconds == 0 {
            canvas.draw(ZeroDuration.note, column: 0, row: step == .second ? 8 : 7, style: .dim)
        }
        if let message = inputError ?? viewModel.errorMessage { canvas.draw(message, column: 0, row: 9, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .tab, .down: focused = visible.clamped(focused + 1 == visible.upperBound ? visible.lowerBound : focused + 1)
        case .backTab, .up: focused = visible.clamped(focused == visible.lowerBound ? visible.upperBound - 1 : focused - 1)
        case .enter: submit()
        case .escape:
            guard step == .second else { return .ignored }
            step = .first
            focused = 0
            // Step 2's message ("The start looks like 09:00.") is not about step 1's fields.
            inputError = nil
            viewModel.fieldsChanged()
        default:
            guard fields[focused].handle(key) else { return .ignored }
            inputError = nil
            viewModel.fieldsChanged()
        }
        return .handled
    }

    /// What the fields say; a field that doesn't parse is -1 (or 0 repeats), which `submit` reports.
    private var typedDraft: DailyDraft {
        DailyDraft(
            title: fields[0].text, startSeconds: ClockTimeText.seconds(from: fields[3].text) ?? -1,
            repeatCount: Int(fields[4].text) ?? 0, focusSeconds: DurationText.seconds(from: fields[1].text) ?? -1,
            breakSeconds: DurationText.seconds(from: fields[2].text) ?? -1)
    }

    private func submit() {
        let draft = typedDraft
        inputError = nil
        if step == .first, draft.focusSeconds < 0 || draft.breakSeconds < 0 {
            inputError = "Durations look like 50m, 1h30m or 90s."
            return
        }
        if step == .second, draft.startSeconds < 0 {
            inputError = "The start looks like 09:00."
            return
        }
        viewModel.draft = draft
        switch step {
        case .first:
            if viewModel.check({ try $0.validateFirstStep() }) {
                step = .second
                focused = 3
            }
        case .second:
            if viewModel.save() != nil { done() }
        }
    }
}

private extension Range<Int> {
    func clamped(_ value: Int) -> Int { Swift.min(Swift.max(lowerBound, value), upperBound - 1) }
}
