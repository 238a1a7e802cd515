import StrataBase

/// A single-line text input: a prompt, the text scrolled so the cursor is visible, and the cursor drawn in
/// reverse video (the terminal's own cursor stays hidden while an app runs).
///
/// ```swift
/// TextField(state: viewModel.query, prompt: "Search: ", placeholder: "movie title")
///     .draw(in: canvas.rows(0, count: 1))
/// ```
public struct TextField: Component {
    /// The text and cursor.
    public var state: TextFieldState
    /// Drawn before the text, in bold.
    public var prompt: String
    /// Drawn dim when the text is empty.
    public var placeholder: String
    /// Whether the cursor is shown (the field has the keyboard).
    public var isFocused: Bool

    /// Creates a text field.
    public init(state: TextFieldState, prompt: String = "", placeholder: String = "", isFocused: Bool = true) {
        self.state = state
        self.prompt = prompt
        self.placeholder = placeholder
        self.isFocused = isFocused
    }

    /// Draws the field on the first row of `canvas`.
    public func draw(in canvas: Canvas) {
        let start = canvas.draw(prompt, row: 0, style: .bold)
        let room = canvas.size.width - start
        guard room > 1 else { return }
        let characters = Array(Sanitizer.sanitize(state.text))
        // Each character measured once: this runs on every key press, and a long paste is many key presses.
        let widths = characters.map(\.displayWidth)
        let cursor = min(state.cursor, characters.count)
        let cursorCells = cursor < characters.count ? widths[cursor] : 1
        if characters.isEmpty && !placeholder.isEmpty {
            canvas.draw(placeholder, column: start + (isFocused ? 1 : 0), row: 0, style: .dim)
        }
        // Scroll: keep the cursor and as much of the text before it as fits, walking left from the cursor.
        var first = cursor
        var used = cursorCells
        while first > 0, used + widths[first - 1] <= room {
            first -= 1
            used += widths[first]
        }
        var column = start
        for index in first..<characters.count {
            if column + widths[index] > canvas.size.width { break }
            let style: Style = isFocused && (index == cursor || state.isSelected) ? .reverse : .plain
            column += canvas.draw(String(characters[index]), column: column, row: 0, style: style)
        }
        if isFocused && cursor == characters.count {
            canvas.draw(" ", column: column, row: 0, style: .reverse)
        }
    }
}
