/// The size of a terminal or of a part of it, in cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values are treated as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// A rectangle of cells: its top-left corner and its size.
public struct Region: Hashable, Sendable {
    /// The leftmost column (0-based).
    public var column: Int
    /// The top row (0-based).
    public var row: Int
    /// The size in cells.
    public var size: TerminalSize

    /// Creates a region.
    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.size = TerminalSize(width: width, height: height)
    }

    /// The part of this region that also lies in `other` (empty when they do not overlap).
    func intersection(_ other: Region) -> Region {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(column + size.width, other.column + other.size.width)
        let bottom = min(row + size.height, other.row + other.size.height)
        return Region(column: left, row: top, width: right - left, height: bottom - top)
    }
}
