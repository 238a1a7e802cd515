import StrataBase

/// Something that draws itself into a ``Canvas``: a value describing what to show, made fresh on every
/// drawing pass from the view model's output.
///
/// Components with state that outlives a drawing pass keep it in a separate value owned by the screen or
/// view model (``ListSelection``, ``TextFieldState``).
public protocol Component {
    /// Draws into `canvas`, clipped to it.
    func draw(in canvas: Canvas)

    /// The number of rows this component needs at `width` cells. Default: 1.
    func height(forWidth width: Int) -> Int
}

extension Component {
    /// One row.
    public func height(forWidth width: Int) -> Int { 1 }
}

/// Text, wrapped to the canvas width (or cut to one line with an ellipsis).
///
/// ```swift
/// TextBlock(movie.overview).draw(in: canvas.rows(2, count: 5))
/// ```
public struct TextBlock: Component {
    /// The text; newlines start new lines. Sanitized when drawn.
    public var text: String
    /// How it is drawn.
    public var style: Style
    /// Whether long text wraps onto more lines (true) or is cut to one line with an ellipsis (false).
    public var wraps: Bool

    /// Creates a text block.
    public init(_ text: String, style: Style = .plain, wraps: Bool = true) {
        self.text = text
        self.style = style
        self.wraps = wraps
    }

    /// The lines drawn at `width`: the text wrapped, each line sanitized.
    public func lines(forWidth width: Int) -> [String] {
        guard wraps else { return [Sanitizer.sanitize(text).truncated(toWidth: width)] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { Sanitizer.sanitize(String($0)).wrapped(toWidth: width) }
    }

    /// Draws the lines from the top; lines past the canvas height are cut, the last visible one ending
    /// in an ellipsis.
    public func draw(in canvas: Canvas) {
        let lines = lines(forWidth: canvas.size.width)
        for (row, line) in lines.prefix(canvas.size.height).enumerated() {
            let cut = row == canvas.size.height - 1 && lines.count > canvas.size.height
            canvas.draw(cut ? (line + " …").truncated(toWidth: canvas.size.width) : line, row: row, style: style)
        }
    }

    /// The number of wrapped lines.
    public func height(forWidth width: Int) -> Int { lines(forWidth: width).count }
}
