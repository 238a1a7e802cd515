import StrataBase

/// A message with a row of buttons, one of them selected: the contents of an alert or confirmation dialog.
///
/// ```
/// Delete the run from 3 May?
///
///      [ Cancel ]  [ Delete ]
/// ```
/// Present it with ``Navigator/presentAlert(title:message:buttons:onChoose:)``, or draw it inside a screen.
public struct Alert: Component {
    /// The message (wrapped; sanitized when drawn).
    public var message: String
    /// The button labels, left to right.
    public var buttons: [String]
    /// The selected button's index.
    public var selected: Int

    /// Creates an alert.
    public init(message: String, buttons: [String] = ["OK"], selected: Int = 0) {
        self.message = message
        self.buttons = buttons
        self.selected = selected
    }

    /// The message lines, a blank line and the buttons row.
    public func height(forWidth width: Int) -> Int {
        TextBlock(message).height(forWidth: width) + 2
    }

    /// Draws the message from the top and the buttons centred on the last row of `canvas`.
    public func draw(in canvas: Canvas) {
        let messageRows = max(0, canvas.size.height - 2)
        TextBlock(message).draw(in: canvas.rows(0, count: messageRows))
        let labels = buttons.map { "[ \(Sanitizer.sanitize($0)) ]" }
        let total = labels.map(\.displayWidth).reduce(0, +) + 2 * max(0, labels.count - 1)
        var column = max(0, (canvas.size.width - total) / 2)
        let row = canvas.size.height - 1
        for (index, label) in labels.enumerated() {
            column += canvas.draw(label, column: column, row: row, style: index == selected ? .reverse : .plain) + 2
        }
    }
}
