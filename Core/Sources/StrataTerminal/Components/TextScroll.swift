/// Where a ``TextBlock`` taller than its canvas is scrolled to: the state a screen keeps for text it shows
/// whole (a chat reply, a film's overview), so that lines past the last row can be read.
///
/// ```swift
/// private var scroll = TextScroll()
/// scroll.draw(TextBlock(reply), in: canvas.rows(5, count: 10))   // in draw(in:context:)
/// if scroll.handle(key) { return .handled }                      // in handle(_:)
/// ```
///
/// Text that fits is drawn as ``TextBlock`` draws it, and no key moves it. Taller text shows the lines that fit
/// from ``firstLine`` and, on its last row, how many lines are above and below; a list's keys move it:
/// ↑↓ (j/k) a line, PgUp/PgDn a page, Home/End (g/G) to the ends.
public struct TextScroll: Sendable {
    /// The first line shown.
    public private(set) var firstLine = 0
    /// The last value ``firstLine`` may take at the size last drawn: 0 when the whole text shows.
    private var lastFirstLine = 0
    /// The lines shown at once at the size last drawn: what PgUp and PgDn move.
    private var pageLines = 1

    /// Creates the state of text at its top.
    public init() {}

    /// Whether the text last drawn was taller than its canvas, so that keys move it.
    public var scrolls: Bool { lastFirstLine > 0 }

    /// The keys that move the text, as one item for a screen's help line (the Keys dialog lists ``keyHelp``
    /// instead, and the text's last row names PgUp PgDn): none while it fits.
    public var helpItems: [HelpItem] { scrolls ? [HelpItem("↑↓", "scroll")] : [] }

    /// Every key that moves the text, for the Keys dialog (``Screen/keyHelp``): a list's keys
    /// (``ListSelection/keyHelp``), which move it a line, a page or to an end; none while it fits.
    public var keyHelp: [HelpItem] { scrolls ? ListSelection.keyHelp : [] }

    /// Shows the text's last lines from the next draw on: for text still arriving, whose newest words are at
    /// its end.
    public mutating func scrollToEnd() { firstLine = Int.max }

    /// Draws `text` into `canvas` from ``firstLine``, with the position on its last row when it doesn't fit,
    /// and the keys that move it unless `namingKeys` is false (a screen that takes no key while the text
    /// arrives).
    public mutating func draw(_ text: TextBlock, in canvas: Canvas, namingKeys: Bool = true) {
        let lines = text.lines(forWidth: canvas.size.width)
        let rows = canvas.size.height
        guard rows >= 2, lines.count > rows else {
            lastFirstLine = 0
            text.draw(in: canvas)
            return
        }
        pageLines = rows - 1
        lastFirstLine = lines.count - pageLines
        firstLine = min(firstLine, lastFirstLine)
        for (row, line) in lines[firstLine..<(firstLine + pageLines)].enumerated() {
            canvas.draw(line, row: row, style: text.style)
        }
        let below = lastFirstLine - firstLine
        let position = [firstLine > 0 ? "↑ \(firstLine) more" : nil, below > 0 ? "↓ \(below) more" : nil].compactMap { $0 }
        canvas.draw(position.joined(separator: " · ") + (namingKeys ? " (↑↓ PgUp PgDn scroll)" : ""), row: pageLines, style: .dim)
    }

    /// Moves the text for a scrolling key while it doesn't fit; returns whether `key` was one.
    public mutating func handle(_ key: Key) -> Bool {
        guard scrolls, let move = ListSelection.keyTable.first(where: { $0.keys.contains(key) })?.move else { return false }
        switch move {
        case .previous: firstLine = max(0, firstLine - 1)
        case .next: firstLine = min(lastFirstLine, firstLine + 1)
        case .pageUp: firstLine = max(0, firstLine - pageLines)
        case .pageDown: firstLine = min(lastFirstLine, firstLine + pageLines)
        case .first: firstLine = 0
        case .last: firstLine = lastFirstLine
        }
        return true
    }
}
