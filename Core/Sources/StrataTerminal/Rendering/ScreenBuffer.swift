/// One cell of the screen: a character and its style.
public struct Cell: Hashable, Sendable {
    /// The character drawn in this cell (a space when empty).
    public var character: Character
    /// How the character is drawn.
    public var style: Style
    /// True for the right half of a wide character, which the terminal fills by itself.
    public var isContinuation: Bool

    /// An empty cell in the default style.
    public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
}

/// The full contents of a screen as a grid of cells: what is drawn into, compared between frames, and read
/// back as text in tests.
///
/// ```swift
/// let canvas = Canvas(size: TerminalSize(width: 20, height: 2))
/// ProgressBar(fraction: 0.5).draw(in: canvas)
/// #expect(canvas.buffer.lines[0] == "█████████░░░░░░░ 50%")
/// ```
public struct ScreenBuffer: Hashable, Sendable {
    /// The size of the grid.
    public let size: TerminalSize
    private var cells: [Cell]
    /// Pictures shown through the kitty graphics protocol, over blank cells (``PictureMode/kitty``).
    public internal(set) var pictures: [PicturePlacement] = []

    /// A grid of `size` blank cells.
    public init(size: TerminalSize) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
    }

    /// The cell at `column`, `row` (0-based; both must be inside the grid).
    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * size.width + column] }
        set { cells[row * size.width + column] = newValue }
    }

    /// Each row as text, wide characters once, trailing spaces removed.
    public var lines: [String] {
        (0..<size.height).map(line)
    }

    /// The whole screen as text: ``lines`` joined with newlines (a screen snapshot for tests).
    public var text: String {
        lines.joined(separator: "\n")
    }

    /// Row `row` as text, wide characters once, trailing spaces removed.
    public func line(_ row: Int) -> String {
        var text = ""
        for column in 0..<size.width where !self[column, row].isContinuation {
            text.append(self[column, row].character)
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Writes `character` at `column`, `row` with `style`; a wide character also takes the next cell.
    /// Returns the number of cells used (0 if it does not fit before `limit`, the first column not to touch).
    mutating func put(_ character: Character, column: Int, row: Int, style: Style, limit: Int) -> Int {
        let width = character.displayWidth
        guard width > 0, column >= 0, column + width <= min(limit, size.width), row >= 0, row < size.height
        else { return 0 }
        clearWideNeighbours(column: column, row: row, width: width)
        self[column, row] = Cell(character: character, style: style, isContinuation: false)
        if width == 2 { self[column + 1, row] = Cell(character: " ", style: style, isContinuation: true) }
        return width
    }

    /// Blanks the other half of any wide character that the cells about to be written would split.
    private mutating func clearWideNeighbours(column: Int, row: Int, width: Int) {
        if self[column, row].isContinuation, column > 0 {
            self[column - 1, row] = Cell(character: " ", style: self[column - 1, row].style, isContinuation: false)
        }
        let after = column + width
        if after < size.width, self[after, row].isContinuation {
            self[after, row] = Cell(character: " ", style: self[after, row].style, isContinuation: false)
        }
    }
}
