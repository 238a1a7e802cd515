import GptDomain
import StrataBase
import StrataTerminal

/// A one-line field for the trouble with its counter; the reply streams in below while converting.
@MainActor
final class TroubleInputScreen: Screen {
    let viewModel: TroubleInputViewModel
    private weak var navigator: Navigator?
    private var field = TextFieldState()
    /// Where the reply streaming in is scrolled to: its end while it arrives.
    private var streamedScroll = TextScroll()
    /// The conversion in flight; leaving the screen cancels it.
    private var conversion: Task<Void, Never>?

    init(viewModel: TroubleInputViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
    }

    var title: String { viewModel.persona.name }

    var helpItems: [HelpItem] {
        guard !viewModel.isLoading else { return [HelpItem("Esc", "stop and go back")] }
        // Ctrl-U in the field's own words, so the footer says what the key does.
        return [HelpItem("Enter", "convert")] + [TextFieldState.help(for: .control("u"))].compactMap { $0 }
    }

    var keyHelp: [HelpItem] { helpItems + TextFieldState.keyHelp }

    var isAnimating: Bool { viewModel.isLoading }

    var leavingQuestion: String? { viewModel.leavingQuestion }

    /// Back from the reply, the trouble it answered is selected: typing starts a new one (it was appended to).
    func screenWillAppear() {
        if viewModel.isConverted, !field.isSelected { field = TextFieldState(text: field.text, selected: true) }
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        let persona = viewModel.persona
        canvas.draw("\(persona.name), \(persona.nickname)", row: 0, style: .bold)
        TextBlock(persona.introduction, style: .dim, wraps: false).draw(in: canvas.rows(1, count: 1))
        TextField(state: field, prompt: "Your trouble: ", placeholder: "what went wrong today?", isFocused: !viewModel.isLoading)
            .draw(in: canvas.rows(3, count: 1))
        let counter = viewModel.counterText
        if viewModel.isOverLimit {
            canvas.draw("\(counter): too long to send; shorten it to \(countText(viewModel.maxLength, "character"))", row: 4, style: .color(.red))
        } else {
            canvas.draw(counter, row: 4, style: .dim)
        }

        let replyArea = canvas.rows(6, count: max(0, canvas.size.height - 6))
        if viewModel.isLoading && viewModel.streamedReply.isEmpty {
            Spinner("\(persona.name) is thinking…", frame: context.frame).draw(in: replyArea)
        } else if !viewModel.streamedReply.isEmpty {
            // While it streams in, its newest words show (a reply longer than the rows stopped at its first
            // rows with an ellipsis until it was whole); the Reply screen scrolls it once it is whole.
            if viewModel.isLoading { streamedScroll.scrollToEnd() }
            streamedScroll.draw(TextBlock(viewModel.streamedReply), in: replyArea, namingKeys: false)  // no key scrolls it
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        guard !viewModel.isLoading else {
            guard key == .escape else { return .handled }
            // Leaving stops the request: no use is counted and no reply opens later over another screen.
            conversion?.cancel()
            return .ignored
        }
        if key == .enter {
            guard viewModel.isConvertEnabled else { return .handled }
            conversion = Task { await convert() }
            return .handled
        }
        guard field.handle(key) else { return .ignored }
        viewModel.text = field.text
        return .handled
    }

    private func convert() async {
        await viewModel.convert()
        guard !Task.isCancelled, let message = viewModel.errorAlert else { return }
        // The message is the command line's clause ("the server failed …"); a dialog's text is a sentence.
        navigator?.presentAlert(title: "No reply", message: message.prefix(1).uppercased() + message.dropFirst()) { [viewModel] _ in
            viewModel.dismissAlert()
        }
    }
}
