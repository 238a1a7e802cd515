import BlocksDomain
import StrataTerminal

/// Creates or edits a block: type the title, ← → choose the length, Enter saves.
@MainActor
final class BlockFormScreen: Screen {
    enum Mode {
        case create(BlockCreateViewModel)
        case edit(BlockEditViewModel)
    }

    private let mode: Mode
    private let done: @MainActor () -> Void
    private var field: TextFieldState

    init(mode: Mode, done: @escaping @MainActor () -> Void) {
        self.mode = mode
        self.done = done
        switch mode {
        case .create(let create): field = TextFieldState(text: create.title)
        case .edit(let edit): field = TextFieldState(text: edit.title)
        }
    }

    var title: String {
        if case .create = mode { return "New block" }
        return "Edit block"
    }

    var helpItems: [HelpItem] { [HelpItem("←→", "length"), HelpItem("Enter", "save")] }

    private var hours: Int? {
        switch mode {
        case .create(let create): create.hours
        case .edit(let edit): edit.hours
        }
    }

    private var errorMessage: String? {
        switch mode {
        case .create(let create): create.errorMessage
        case .edit(let edit): edit.errorMessage
        }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        TextField(state: field, prompt: "Title: ", placeholder: "Deep work").draw(in: canvas.rows(1, count: 1))
        var column = canvas.draw("Length: ", column: 0, row: 3, style: .bold)
        for length in BlockLength.allCases {
            let chosen = length.hours == hours
            column += canvas.draw(" \(length.hours) h ", column: column, row: 3, style: chosen ? .reverse : .plain)
        }
        if let errorMessage { canvas.draw(errorMessage, column: 0, row: 5, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .left, .right:
            setHours(step: key == .left ? -1 : 1)
        case .enter:
            save()
        default:
            guard field.handle(key) else { return .ignored }
        }
        return .handled
    }

    private func setHours(step: Int) {
        let lengths = BlockLength.allCases.map(\.hours)
        let index = hours.flatMap { lengths.firstIndex(of: $0) }.map { $0 + step } ?? (step > 0 ? 0 : lengths.count - 1)
        let chosen = lengths[min(max(0, index), lengths.count - 1)]
        switch mode {
        case .create(let create): create.hours = chosen
        case .edit(let edit): edit.hours = chosen
        }
    }

    private func save() {
        switch mode {
        case .create(let create):
            create.title = field.text
            if create.complete() != nil { done() }
        case .edit(let edit):
            edit.title = field.text
            if edit.done() { done() }
        }
    }
}
