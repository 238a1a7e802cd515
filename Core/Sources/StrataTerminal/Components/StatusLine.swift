import StrataBase

/// A full-width bar with text on the left and on the right, in reverse video: the app's title bar, or a
/// status bar a screen draws itself.
public struct StatusLine: Component {
    /// Left-aligned text (cut with an ellipsis if the line is too narrow).
    public var left: String
    /// Right-aligned text (kept whole when it fits).
    public var right: String
    /// The bar's style.
    public var style: Style

    /// Creates a status line.
    public init(left: String, right: String = "", style: Style = .reverse) {
        self.left = left
        self.right = right
        self.style = style
    }

    /// Draws the bar on the first row of `canvas`.
    public func draw(in canvas: Canvas) {
        let width = canvas.size.width
        let rightText = Sanitizer.sanitize(right).truncated(toWidth: max(0, width - 2))
        let rightWidth = rightText.displayWidth
        let leftRoom = max(0, width - rightWidth - (rightWidth > 0 ? 2 : 0) - 1)
        let leftText = " " + Sanitizer.sanitize(left).truncated(toWidth: leftRoom)
        canvas.fill(Region(column: 0, row: 0, width: width, height: 1), style: style)
        canvas.draw(leftText, row: 0, style: style)
        if rightWidth > 0 { canvas.draw(rightText, column: width - rightWidth - 1, row: 0, style: style) }
    }
}

/// The keys a screen understands, as one line: `↑↓ move · Enter open · Esc back · q quit`.
public struct HelpLine: Component {
    /// The entries, in order.
    public var items: [HelpItem]

    /// Creates a help line.
    public init(_ items: [HelpItem]) {
        self.items = items
    }

    /// The line as plain text.
    public var text: String {
        items.map { "\($0.key) \($0.action)" }.joined(separator: " · ")
    }

    /// Draws the line on the first row of `canvas`, keys in bold, the rest dim; entries that do not fit
    /// are left out whole rather than cut, and an ellipsis says so (`?` lists them all).
    public func draw(in canvas: Canvas) {
        let allFit = text.displayWidth <= canvas.size.width
        let room = allFit ? canvas.size.width : canvas.size.width - " · …".displayWidth
        var column = 0
        for (index, item) in items.enumerated() {
            let separator = index == 0 ? "" : " · "
            let needed = (separator + item.key + " " + item.action).displayWidth
            guard column + needed <= room else { break }
            column += canvas.draw(separator, column: column, row: 0, style: .dim)
            column += canvas.draw(item.key, column: column, row: 0, style: .bold)
            column += canvas.draw(" " + item.action, column: column, row: 0, style: .dim)
        }
        if !allFit { canvas.draw(column == 0 ? "…" : " · …", column: column, row: 0, style: .dim) }
    }
}
