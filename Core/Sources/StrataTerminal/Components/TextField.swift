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
        let cursor = min(state.cursor, characters.count)
        let cursorCells = cursor < characters.count ? characters[cursor].displayWidth : 1
        if characters.isEmpty && !placeholder.isEmpty {
            canvas.draw(placeholder, column: start + (isFocused ? 1 : 0), row: 0, style: .dim)
        }
        // Scroll: drop characters from the left until the text before the cursor and the cursor fit.
        var first = 0
        while first < cursor, String(characters[first..<cursor]).displayWidth + cursorCells > room { first += 1 }
        var column = start
        for index in first..<characters.count {
            let cells = characters[index].displayWidth
            if column + cells > canvas.size.width { break }
            let style: Style = isFocused && index == cursor ? .reverse : .plain
            column += canvas.draw(String(characters[index]), column: column, row: 0, style: style)
        }
        if isFocused && cursor == characters.count {
            let cursorColumn = start + String(characters[first..<cursor]).displayWidth
            canvas.draw(" ", column: cursorColumn, row: 0, style: .reverse)
        }
    }
}
