import BlocksDomain
import StrataTerminal

/// Creates or edits a daily in Tempus's two steps: title, focus and break first; then start time and
/// repeats. Tab moves between fields, Enter goes on (and saves on the second step), Esc on the second step
/// goes back to the first.
@MainActor
final class DailyFormScreen: Screen {
    enum Mode {
        case create(DailyCreateViewModel)
        case edit(DailyEditViewModel)
    }

    private let mode: Mode
    private let done: @MainActor () -> Void
    private var fields: [TextFieldState]
    private var focused = 0
    private var inputError: String?

    private static let labels = ["Title: ", "Focus: ", "Break: ", "Start: ", "Repeats: "]

    init(mode: Mode, done: @escaping @MainActor () -> Void) {
        self.mode = mode
        self.done = done
        let form: DailyForm = switch mode {
        case .create(let create): create.form
        case .edit(let edit): edit.form
        }
        fields = [form.title, DurationText.text(form.focusSeconds), DurationText.text(form.breakSeconds),
                  ClockTimeText.text(form.startSeconds), String(form.repeatCount)].map { TextFieldState(text: $0) }
    }

    var title: String {
        if case .create = mode { return "New daily" }
        return "Edit daily"
    }

    var helpItems: [HelpItem] {
        step == .info ? [HelpItem("Tab", "next field"), HelpItem("Enter", "next step")]
            : [HelpItem("Tab", "next field"), HelpItem("Enter", "save"), HelpItem("Esc", "back")]
    }

    private var step: DailyFormStep {
        switch mode {
        case .create(let create): create.step
        case .edit(let edit): edit.step
        }
    }

    private var visible: Range<Int> { step == .info ? 0..<3 : 3..<5 }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw(step == .info ? "Step 1 of 2: what and how long" : "Step 2 of 2: when and how often",
                    column: 0, row: 0, style: .dim)
        for (row, index) in visible.enumerated() {
            TextField(state: fields[index], prompt: Self.labels[index], isFocused: index == focused)
                .draw(in: canvas.rows(2 + row * 2, count: 1))
        }
        if step == .schedule {
            canvas.draw("At most \(currentForm.maximumRepeats) rounds fit in a day.", column: 0, row: 7, style: .dim)
        }
        if let message = inputError ?? errorMessage { canvas.draw(message, column: 0, row: 9, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .tab, .down: focused = visible.clamped(focused + 1 == visible.upperBound ? visible.lowerBound : focused + 1)
        case .backTab, .up: focused = visible.clamped(focused == visible.lowerBound ? visible.upperBound - 1 : focused - 1)
        case .enter: submit()
        case .escape:
            guard step == .schedule else { return .ignored }
            back()
        default:
            guard fields[focused].handle(key) else { return .ignored }
        }
        return .handled
    }

    private var errorMessage: String? {
        switch mode {
        case .create(let create): create.errorMessage
        case .edit(let edit): edit.errorMessage
        }
    }

    private var currentForm: DailyForm {
        var form = DailyForm()
        form.title = fields[0].text
        form.focusSeconds = DurationText.seconds(from: fields[1].text) ?? -1
        form.breakSeconds = DurationText.seconds(from: fields[2].text) ?? -1
        form.startSeconds = ClockTimeText.seconds(from: fields[3].text) ?? -1
        form.repeatCount = Int(fields[4].text) ?? 0
        return form
    }

    private func submit() {
        let form = currentForm
        inputError = nil
        if step == .info, form.focusSeconds < 0 || form.breakSeconds < 0 {
            inputError = "Durations look like 50m, 1h30m or 90s."
            return
        }
        if step == .schedule, form.startSeconds < 0 {
            inputError = "The start looks like 09:00."
            return
        }
        switch mode {
        case .create(let create):
            create.form = form
            if create.step == .info {
                if create.next() { focused = 3 }
            } else if create.complete() != nil {
                done()
            }
        case .edit(let edit):
            edit.form = form
            if edit.step == .info {
                if edit.next() { focused = 3 }
            } else if edit.done() {
                done()
            }
        }
    }

    private func back() {
        switch mode {
        case .create(let create): create.back()
        case .edit(let edit): edit.back()
        }
        focused = 0
    }
}

private extension Range<Int> {
    func clamped(_ value: Int) -> Int { Swift.min(Swift.max(lowerBound, value), upperBound - 1) }
}
