/// A picture, scaled to fill the canvas (give it a canvas of ``Picture/cellSize(fitting:)`` to keep its
/// proportions), drawn the way the terminal can (``RenderContext/pictures``).
///
/// ```swift
/// let size = picture.cellSize(fitting: TerminalSize(width: 30, height: canvas.size.height))
/// PictureView(picture, mode: context.pictures).draw(in: canvas.canvas(in: Region(column: 0, row: 0, width: size.width, height: size.height)))
/// ```
public struct PictureView: Component {
    public var picture: Picture
    public var mode: PictureMode
    /// The terminal's cell shape (``RenderContext/cellPixels``), for ``height(forWidth:)``.
    public var cell: CellPixelSize

    public init(_ picture: Picture, mode: PictureMode, cell: CellPixelSize = .assumed) {
        self.picture = picture
        self.mode = mode
        self.cell = cell
    }

    public func draw(in canvas: Canvas) {
        let size = canvas.size
        guard size.width > 0, size.height > 0, picture.width > 0, picture.height > 0 else { return }
        switch mode {
        case .off:
            return
        case .kitty:
            canvas.place(picture)
        case .halfBlocks:
            // Each cell covers a box of the picture; its upper half is the foreground of `▀`, its lower half
            // the background. Box averaging keeps a large picture from turning to noise when shrunk.
            let pixelRows = size.height * 2
            for row in 0..<size.height {
                let upper = Picture.span(row * 2, of: pixelRows, over: picture.height)
                let lower = Picture.span(row * 2 + 1, of: pixelRows, over: picture.height)
                for column in 0..<size.width {
                    let columns = Picture.span(column, of: size.width, over: picture.width)
                    let style = Style(
                        foreground: picture.averageColor(columns: columns, rows: upper),
                        background: picture.averageColor(columns: columns, rows: lower))
                    canvas.draw("▀", column: column, row: row, style: style)
                }
            }
        }
    }

    /// As many rows as the canvas gives it.
    public func height(forWidth width: Int) -> Int {
        picture.cellSize(fitting: TerminalSize(width: width, height: .max), cell: cell).height
    }
}
