import StrataBase

/// A rectangular area of a ``ScreenBuffer`` to draw into, with coordinates relative to its own top-left
/// corner. Drawing outside the area is clipped; text is sanitized (see ``Sanitizer``) before it is drawn.
///
/// A canvas shares its buffer with the canvases it was cut from, so a component can be handed a part of
/// the screen with ``canvas(in:)``. A canvas belongs to one drawing pass and one thread.
public struct Canvas {
    /// The shared grid every canvas cut from the same root draws into.
    final class Storage {
        var buffer: ScreenBuffer
        init(size: TerminalSize) { buffer = ScreenBuffer(size: size) }
    }

    private let storage: Storage
    /// Where this canvas lies in the screen buffer.
    public let region: Region

    /// A fresh blank canvas covering a whole buffer of `size` cells.
    public init(size: TerminalSize) {
        storage = Storage(size: size)
        region = Region(column: 0, row: 0, width: size.width, height: size.height)
    }

    private init(storage: Storage, region: Region) {
        self.storage = storage
        self.region = region
    }

    /// The size of this canvas in cells.
    public var size: TerminalSize { region.size }

    /// Everything drawn so far into the whole buffer (not only this canvas's area).
    public var buffer: ScreenBuffer { storage.buffer }

    /// A canvas for `area`, given relative to this canvas and clipped to it.
    public func canvas(in area: Region) -> Canvas {
        let absolute = Region(
            column: region.column + area.column, row: region.row + area.row,
            width: area.size.width, height: area.size.height)
        return Canvas(storage: storage, region: absolute.intersection(region))
    }

    /// A canvas for `count` rows starting at `row`, full width.
    public func rows(_ row: Int, count: Int) -> Canvas {
        canvas(in: Region(column: 0, row: row, width: size.width, height: count))
    }

    /// Draws `text` on one line starting at `column`, `row`, sanitized and cut to the canvas width with an
    /// ellipsis if it does not fit.
    ///
    /// - Returns: The number of cells drawn.
    @discardableResult
    public func draw(_ text: String, column: Int = 0, row: Int, style: Style = .plain) -> Int {
        guard row >= 0, row < size.height, column >= 0, column < size.width else { return 0 }
        let fitted = Sanitizer.sanitize(text).truncated(toWidth: size.width - column)
        var cursor = region.column + column
        let limit = region.column + size.width
        for character in fitted {
            cursor += storage.buffer.put(
                character, column: cursor, row: region.row + row, style: style,
                limit: limit)
        }
        return cursor - region.column - column
    }

    /// Fills `area` (relative to this canvas; the whole canvas if nil) with `character` in `style`.
    public func fill(_ area: Region? = nil, with character: Character = " ", style: Style = .plain) {
        let target = area.map { canvas(in: $0) } ?? self
        let line = String(repeating: String(character), count: target.size.width / max(1, character.displayWidth))
        for row in 0..<target.size.height {
            target.draw(line, row: row, style: style)
        }
    }

    /// Shows `picture` over the whole canvas through the kitty graphics protocol (see ``PictureView``); the
    /// cells beneath are blanked.
    func place(_ picture: Picture) {
        fill()
        storage.buffer.pictures.append(PicturePlacement(region: region, picture: picture))
    }

    /// Takes away the pictures that overlap `area` (relative to this canvas): what a dialog drawn over
    /// them does, since the terminal would draw a picture above the dialog's text.
    func removePictures(overlapping area: Region) {
        let absolute = Region(
            column: region.column + area.column, row: region.row + area.row,
            width: area.size.width, height: area.size.height)
        storage.buffer.pictures.removeAll { $0.region.intersection(absolute).size.width * $0.region.intersection(absolute).size.height > 0 }
    }

    /// Changes the style of the cells of `row` from `column` on (to the end of the row if `width` is nil),
    /// keeping their characters: how a selection highlight covers a whole row.
    public func applyStyle(_ style: Style, row: Int, column: Int = 0, width: Int? = nil) {
        guard row >= 0, row < size.height else { return }
        let end = min(size.width, column + (width ?? size.width))
        for offset in max(0, column)..<max(max(0, column), end) {
            storage.buffer[region.column + offset, region.row + row].style = style
        }
    }
}
