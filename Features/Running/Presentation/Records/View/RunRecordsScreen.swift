import StrataTerminal

/// All-time records and one month, ←→ between months.
@MainActor
final class RunRecordsScreen: Screen {
    let title = "Records"
    private let model: RecordsViewModel

    init(model: RecordsViewModel) { self.model = model }

    var helpItems: [HelpItem] { [HelpItem("←→", "month")] }

    func screenWillAppear() { Task { await model.load() } }

    func draw(in canvas: Canvas, context: RenderContext) {
        if let error = model.errorMessage {
            TextBlock(error, style: .color(.red)).draw(in: canvas)
            return
        }
        guard let state = model.state else { return }
        let lines =
            ["All runs"] + state.totalLines.map { "  " + $0 } + [""]
            + ["\(state.canShowPrevious ? "‹ " : "  ")\(state.monthTitle)\(state.canShowNext ? " ›" : "")"]
            + state.monthLines.map { "  " + $0 }
        for (index, line) in lines.enumerated() where index < canvas.size.height {
            canvas.draw(line, row: index, style: index == 0 || index == state.totalLines.count + 2 ? .bold : .plain)
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .left: Task { await model.showPrevious() }
        case .right: Task { await model.showNext() }
        default: return .ignored
        }
        return .handled
    }
}
