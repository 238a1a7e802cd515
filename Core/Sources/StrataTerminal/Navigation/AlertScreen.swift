/// A modal dialog screen: a title, a message and buttons; ← → (or Tab) choose, Enter confirms, Esc cancels.
///
/// The dialog dismisses itself, then calls `onChoose` with the chosen button's index, or nil for Esc.
public final class AlertScreen: Screen {
    /// The dialog's title, shown in its frame.
    public let title: String
    private var alert: Alert
    private weak var navigator: Navigator?
    private let onChoose: @MainActor (Int?) -> Void
    /// The first message line shown, when the message is longer than the box (the Keys dialog at 40×15).
    private var firstLine = 0
    /// The last value ``firstLine`` may take at the size last drawn: 0 when the whole message shows.
    private var lastFirstLine = 0

    /// Creates a dialog; present it with ``Navigator/present(_:)``.
    ///
    /// - Parameters:
    ///   - navigator: The navigator that will present it (held weakly), used to dismiss it.
    ///   - onChoose: Called after dismissal with the chosen button's index, or nil when cancelled with Esc.
    public init(
        title: String, message: String, buttons: [String] = ["OK"], selected: Int = 0,
        navigator: Navigator, onChoose: @escaping @MainActor (Int?) -> Void = { _ in }
    ) {
        self.title = title
        alert = Alert(message: message, buttons: buttons, selected: selected)
        self.navigator = navigator
        self.onChoose = onChoose
    }

    /// ← → choose (with more than one button), Enter confirm, Esc cancel; ↑↓ scroll a message longer than
    /// the box.
    public var helpItems: [HelpItem] {
        let scroll = lastFirstLine > 0 ? [HelpItem("↑↓", "scroll")] : []
        guard alert.buttons.count > 1 else { return scroll + [HelpItem("Enter", "close"), HelpItem("Esc", "close")] }
        return scroll + [HelpItem("←→", "choose"), HelpItem("Enter", "confirm"), HelpItem("Esc", "cancel")]
    }

    /// Draws the message and buttons. A message longer than the box shows the lines that fit from
    /// ``firstLine`` and, on its last row, how many lines are above and below (it was cut, the rest
    /// out of reach).
    public func draw(in canvas: Canvas, context: RenderContext) {
        let lines = TextBlock(alert.message).lines(forWidth: canvas.size.width)
        let rows = canvas.size.height - 2
        guard rows >= 2, lines.count > rows else {
            lastFirstLine = 0
            alert.draw(in: canvas)
            return
        }
        lastFirstLine = lines.count - (rows - 1)
        firstLine = min(firstLine, lastFirstLine)
        let below = lines.count - firstLine - (rows - 1)
        let position = [firstLine > 0 ? "↑ \(firstLine) more" : nil, below > 0 ? "↓ \(below) more" : nil].compactMap { $0 }
        var shown = alert
        shown.message = (lines[firstLine..<(firstLine + rows - 1)] + [position.joined(separator: " · ") + " (↑↓ scroll)"])
            .joined(separator: "\n")
        shown.draw(in: canvas)
    }

    /// Chooses, confirms or cancels; scrolls a long message.
    public func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .up where lastFirstLine > 0, .character("k") where lastFirstLine > 0: firstLine = max(0, firstLine - 1)
        case .down where lastFirstLine > 0, .character("j") where lastFirstLine > 0: firstLine = min(lastFirstLine, firstLine + 1)
        case .left, .backTab: alert.selected = max(0, alert.selected - 1)
        case .right, .tab: alert.selected = min(alert.buttons.count - 1, alert.selected + 1)
        case .enter: finish(alert.selected)
        case .escape: finish(nil)
        default: return .ignored
        }
        return .handled
    }

    /// Wide enough for the message (up to 60 cells) and the buttons; tall enough for the wrapped message.
    public func preferredModalSize(in available: TerminalSize) -> TerminalSize {
        let buttonsWidth = alert.buttons.map { $0.displayWidth + 6 }.reduce(0, +)
        let width = min(available.width, max(30, min(64, max(alert.message.displayWidth, buttonsWidth) + 4)))
        return TerminalSize(width: width, height: min(available.height, alert.height(forWidth: width - 4) + 2))
    }

    private func finish(_ choice: Int?) {
        navigator?.back()  // dismisses it when presented (as it should be), pops it if it was pushed
        onChoose(choice)
    }
}

extension Navigator {
    /// Presents an ``AlertScreen``; `onChoose` receives the chosen button's index, or nil for Esc.
    public func presentAlert(
        title: String, message: String, buttons: [String] = ["OK"],
        onChoose: @escaping @MainActor (Int?) -> Void = { _ in }
    ) {
        present(AlertScreen(title: title, message: message, buttons: buttons, navigator: self, onChoose: onChoose))
    }

    /// Presents a Cancel / confirm dialog; `onAnswer` receives true only when the confirm button is chosen.
    public func confirm(
        title: String, message: String, confirmLabel: String = "OK",
        onAnswer: @escaping @MainActor (Bool) -> Void
    ) {
        presentAlert(title: title, message: message, buttons: ["Cancel", confirmLabel]) { onAnswer($0 == 1) }
    }
}
