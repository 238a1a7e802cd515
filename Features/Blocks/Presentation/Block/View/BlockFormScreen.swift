import BlocksDomain
import StrataTerminal

/// Creates or edits a block: type the title, ← → choose the length, Enter saves.
@MainActor
final class BlockFormScreen: Screen {
    private let viewModel: ItemFormViewModel<Block>
    private let done: @MainActor () -> Void
    private var field: TextFieldState
    private let original: BlockDraft

    init(viewModel: ItemFormViewModel<Block>, done: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.done = done
        field = TextFieldState(text: viewModel.draft.title)
        original = viewModel.draft
    }

    var title: String { viewModel.isNew ? "New block" : "Edit block" }

    var helpItems: [HelpItem] { [HelpItem("←→", "length"), HelpItem("Enter", "save")] }

    var keyHelp: [HelpItem] { helpItems + TextFieldState.keyHelp(except: [.left, .right]) }

    var leavingQuestion: String? {
        field.text == original.title && viewModel.draft.hours == original.hours ? nil : viewModel.discardQuestion
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        TextField(state: field, prompt: "Title: ", placeholder: BlocksErrorText.titleExample(.block)).draw(in: canvas.rows(1, count: 1))
        var column = canvas.draw("Length: ", column: 0, row: 3, style: .bold)
        for length in BlockLength.allCases {
            let chosen = length.hours == viewModel.draft.hours
            column += canvas.draw(" \(length.hours) h ", column: column, row: 3, style: chosen ? .reverse : .plain)
        }
        if let errorMessage = viewModel.errorMessage { canvas.draw(errorMessage, column: 0, row: 5, style: .color(.red)) }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .left, .right:
            setHours(step: key == .left ? -1 : 1)
        case .enter:
            viewModel.draft.title = field.text
            if viewModel.save() != nil { done() }
        default:
            guard field.handle(key) else { return .ignored }
            viewModel.fieldsChanged()
        }
        return .handled
    }

    private func setHours(step: Int) {
        let lengths = BlockLength.allCases.map(\.hours)
        let index =
            viewModel.draft.hours.flatMap { lengths.firstIndex(of: $0) }.map { $0 + step }
            ?? (step > 0 ? 0 : lengths.count - 1)
        viewModel.draft.hours = lengths[min(max(0, index), lengths.count - 1)]
        viewModel.fieldsChanged()
    }
}
