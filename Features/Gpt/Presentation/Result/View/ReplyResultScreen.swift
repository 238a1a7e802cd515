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
    /// Where the reply is scrolled to.
    private var scroll = TextScroll()

    init(viewModel: ReplyResultViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
    }

    private static let actions = [HelpItem("s", "save to a file"), HelpItem("Enter", "choose a persona again")]

    var helpItems: [HelpItem] { scroll.helpItems + Self.actions }

    var keyHelp: [HelpItem] { scroll.keyHelp + Self.actions }

    func draw(in canvas: Canvas, context: RenderContext) {
        StatusLine(left: "\(viewModel.persona.name), \(viewModel.persona.nickname)", right: viewModel.usageText)
            .draw(in: canvas.rows(0, count: 1))
        TextBlock("Trouble: \(viewModel.trouble)", style: .dim).draw(in: canvas.rows(2, count: 2))
        let footerRows = viewModel.savedPath == nil ? 0 : 2
        scroll.draw(TextBlock(viewModel.replyText), in: canvas.rows(5, count: max(0, canvas.size.height - 5 - footerRows)))
        if let path = viewModel.savedPath {
            TextBlock("Saved to \(path)", style: .color(.green), wraps: false).draw(in: canvas.rows(canvas.size.height - 1, count: 1))
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        if scroll.handle(key) { return .handled }
        switch key {
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
    }
}
