import StrataBase

/// A box drawn with line characters around an area, with an optional title in the top edge:
///
/// ```
/// ┌ Delete run? ───────┐
/// │                    │
/// └────────────────────┘
/// ```
public struct Frame {
    /// The title in the top edge (sanitized, cut to fit).
    public var title: String

    /// Creates a frame.
    public init(title: String = "") {
        self.title = title
    }

    /// Clears `canvas`, draws the box along its edges and returns the canvas inside the box (empty when
    /// `canvas` is smaller than 3×3).
    @discardableResult
    public func draw(in canvas: Canvas) -> Canvas {
        let width = canvas.size.width, height = canvas.size.height
        guard width >= 3, height >= 3 else { return canvas.canvas(in: Region(column: 0, row: 0, width: 0, height: 0)) }
        canvas.fill()
        let horizontal = String(repeating: "─", count: width - 2)
        canvas.draw("┌" + horizontal + "┐", row: 0)
        for row in 1..<height - 1 {
            canvas.draw("│", row: row)
            canvas.draw("│", column: width - 1, row: row)
        }
        canvas.draw("└" + horizontal + "┘", row: height - 1)
        if !title.isEmpty {
            let fitted = Sanitizer.sanitize(title).truncated(toWidth: width - 6)
            canvas.draw(" \(fitted) ", column: 2, row: 0, style: .bold)
        }
        return canvas.canvas(in: Region(column: 2, row: 1, width: width - 4, height: height - 2))
    }
}
