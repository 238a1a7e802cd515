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

    /// The most cells the picture can cover inside `available` without being distorted, on a terminal
    /// whose cells have the shape `cell` (about twice as tall as wide when the terminal doesn't say).
    public func cellSize(fitting available: TerminalSize, cell: CellPixelSize = .assumed) -> TerminalSize {
        guard width > 0, height > 0, available.width > 0, available.height > 0 else { return TerminalSize(width: 0, height: 0) }
        // On screen the picture is `columns × cell.width` by `rows × cell.height` pixels, in its proportions.
        let aspect = Double(height) * Double(cell.width) / (Double(width) * Double(cell.height))
        let rowsForWidth = Double(available.width) * aspect
        if rowsForWidth <= Double(available.height) {
            return TerminalSize(width: available.width, height: max(1, Int(rowsForWidth.rounded())))
        }
        let columns = Double(available.height) / aspect
        return TerminalSize(width: max(1, Int(columns.rounded())), height: available.height)
    }

    /// The middle of the picture in the proportions `width : height`, cut from its sides or from its top and
    /// bottom: a thumbnail that fills a box of that shape without being distorted.
    public func cropped(toProportions width: Int, _ height: Int) -> Picture {
        guard self.width > 0, self.height > 0, width > 0, height > 0 else { return self }
        // Compare self.height / self.width with height / width without dividing.
        let keptWidth = min(self.width, max(1, Int((Double(self.height) * Double(width) / Double(height)).rounded())))
        let keptHeight = min(self.height, max(1, Int((Double(self.width) * Double(height) / Double(width)).rounded())))
        let (left, top) = ((self.width - keptWidth) / 2, (self.height - keptHeight) / 2)
        if keptWidth == self.width && keptHeight == self.height { return self }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(keptWidth * keptHeight * 3)
        for row in top..<(top + keptHeight) {
            let start = (row * self.width + left) * 3
            pixels.append(contentsOf: rgb[start..<(start + keptWidth * 3)])
        }
        return Picture(width: keptWidth, height: keptHeight, rgb: pixels)
    }

    /// The picture shrunk to `width × height` pixels, each the average of its box of the original (what
    /// half blocks draw, computed once: a thumbnail drawn on every frame then costs a few pixels).
    public func scaled(toWidth width: Int, height: Int) -> Picture {
        guard width > 0, height > 0, self.width > 0, self.height > 0 else { return Picture(width: 0, height: 0, rgb: []) }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for row in 0..<height {
            let rows = Self.span(row, of: height, over: self.height)
            for column in 0..<width {
                let color = averageColor(columns: Self.span(column, of: width, over: self.width), rows: rows)
                if case .rgb(let red, let green, let blue) = color { pixels += [red, green, blue] } else { pixels += [0, 0, 0] }
            }
        }
        return Picture(width: width, height: height, rgb: pixels)
    }

    /// The pixels of `length` that part `index` of `count` equal parts covers (at least one).
    static func span(_ index: Int, of count: Int, over length: Int) -> Range<Int> {
        let start = index * length / count
        return start..<max(start + 1, (index + 1) * length / count)
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
