import GptDomain
import StrataTerminal

/// The persona's reply in full, with today's uses and saving to a file. A reply longer than its rows
/// scrolls (↑↓ or j/k, PgUp/PgDn, Home/End or g/G), its last row saying how many lines are above and below;
/// before, it was cut with an ellipsis and the rest could be read only by saving it.
@MainActor
final class ReplyResultScreen: Screen {
    let title = "Reply"
    let viewModel: ReplyResultViewModel
    private weak var navigator: Navigator?
    /// The first reply line shown.
    private var firstLine = 0
    /// The last value ``firstLine`` may take at the size last drawn: 0 when the whole reply shows.
    private var lastFirstLine = 0
    /// The reply lines shown at once at the size last drawn: what PgUp and PgDn move.
    private var pageLines = 1

    init(viewModel: ReplyResultViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
    }

    var helpItems: [HelpItem] {
        (lastFirstLine > 0 ? [HelpItem("↑↓", "scroll"), HelpItem("PgUp/PgDn", "a page")] : [])
            + [HelpItem("s", "save to a file"), HelpItem("Enter", "choose a persona again")]
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        StatusLine(left: "\(viewModel.persona.name), \(viewModel.persona.nickname)", right: viewModel.usageText)
            .draw(in: canvas.rows(0, count: 1))
        TextBlock("Trouble: \(viewModel.trouble)", style: .dim).draw(in: canvas.rows(2, count: 2))
        let footerRows = viewModel.savedPath == nil ? 0 : 2
        drawReply(in: canvas.rows(5, count: max(0, canvas.size.height - 5 - footerRows)))
        if let path = viewModel.savedPath {
            TextBlock("Saved to \(path)", style: .color(.green), wraps: false).draw(in: canvas.rows(canvas.size.height - 1, count: 1))
        }
    }

    /// The reply from ``firstLine``, and on the last row how many lines are above and below, when it is
    /// longer than `canvas`; else the whole reply.
    private func drawReply(in canvas: Canvas) {
        let reply = TextBlock(viewModel.replyText)
        let lines = reply.lines(forWidth: canvas.size.width)
        let rows = canvas.size.height
        guard rows >= 2, lines.count > rows else {
            lastFirstLine = 0
            reply.draw(in: canvas)
            return
        }
        pageLines = rows - 1
        lastFirstLine = lines.count - pageLines
        firstLine = min(firstLine, lastFirstLine)
        for (row, line) in lines[firstLine..<(firstLine + pageLines)].enumerated() { canvas.draw(line, row: row) }
        let below = lastFirstLine - firstLine
        let position = [firstLine > 0 ? "↑ \(firstLine) more" : nil, below > 0 ? "↓ \(below) more" : nil].compactMap { $0 }
        canvas.draw(position.joined(separator: " · ") + " (↑↓ PgUp PgDn scroll)", row: pageLines, style: .dim)
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .up where lastFirstLine > 0, .character("k") where lastFirstLine > 0: firstLine = max(0, firstLine - 1)
        case .down where lastFirstLine > 0, .character("j") where lastFirstLine > 0: firstLine = min(lastFirstLine, firstLine + 1)
        case .pageUp where lastFirstLine > 0: firstLine = max(0, firstLine - pageLines)
        case .pageDown where lastFirstLine > 0: firstLine = min(lastFirstLine, firstLine + pageLines)
        case .home where lastFirstLine > 0, .character("g") where lastFirstLine > 0: firstLine = 0
        case .end where lastFirstLine > 0, .character("G") where lastFirstLine > 0: firstLine = lastFirstLine
        case .character("s"):
            if viewModel.save() == nil, let message = viewModel.errorAlert {
                navigator?.presentAlert(title: "Not saved", message: message) { [viewModel] _ in viewModel.dismissAlert() }
            }
            return .handled
        case .enter:
            navigator?.pop()
            navigator?.pop()
            return .handled
        default:
            return .ignored
        }
        return .handled
    }
}
