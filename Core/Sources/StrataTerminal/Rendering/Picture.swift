/// A picture to show in the terminal: 8-bit RGB pixels, row by row from the top.
public struct Picture: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes.
    public let rgb: [UInt8]

    /// A picture of `width × height` pixels; `rgb` must hold three bytes for each.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgb.count == width * height * 3, "rgb holds \(rgb.count) bytes, not \(width)×\(height)×3")
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The most cells the picture can cover inside `available` without being distorted, a cell being
    /// about twice as tall as it is wide (so one cell shows two pixels, one above the other).
    public func cellSize(fitting available: TerminalSize) -> TerminalSize {
        guard width > 0, height > 0, available.width > 0, available.height > 0 else { return TerminalSize(width: 0, height: 0) }
        // Pixels: `columns` across, `2 × rows` down, in the picture's proportions.
        let rowsForWidth = Double(available.width) * Double(height) / Double(width) / 2
        if rowsForWidth <= Double(available.height) {
            return TerminalSize(width: available.width, height: max(1, Int(rowsForWidth.rounded())))
        }
        let columns = Double(available.height) * 2 * Double(width) / Double(height)
        return TerminalSize(width: max(1, Int(columns.rounded())), height: available.height)
    }

    /// The average colour of the pixels in `columns` × `rows` (half-open, clamped to the picture).
    func averageColor(columns: Range<Int>, rows: Range<Int>) -> Color {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        guard !columns.isEmpty, !rows.isEmpty else { return .rgb(0, 0, 0) }
        var sums = (0, 0, 0)
        for row in rows {
            var index = (row * width + columns.lowerBound) * 3
            for _ in columns {
                sums.0 += Int(rgb[index]); sums.1 += Int(rgb[index + 1]); sums.2 += Int(rgb[index + 2])
                index += 3
            }
        }
        let count = columns.count * rows.count
        return .rgb(UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count))
    }
}

/// Where a picture shown through the kitty graphics protocol lies on the screen (absolute cells).
public struct PicturePlacement: Hashable, Sendable {
    public var region: Region
    public var picture: Picture
}

/// How pictures are drawn on this terminal.
public enum PictureMode: Hashable, Sendable {
    /// Not at all (no colour, `NO_COLOR`): a screen shows a line of text instead.
    case off
    /// With the upper half block `▀`, its text colour the upper pixel and its background the lower one:
    /// two pixels a cell, in 24-bit colour (or the nearest of 256 colours).
    case halfBlocks
    /// At full resolution through the kitty graphics protocol, scaled by the terminal into the cells.
    case kitty
}
