import StrataBase

/// Rows of plain text laid out as left-aligned columns, for command-line listings.
public enum TextColumns {
    /// The rows as lines, each column padded to its widest cell in terminal cells (so wide CJK or emoji
    /// text keeps the next column aligned), separated by two spaces; the last column is not padded. Every
    /// line, the last included, ends with a newline. Each cell is first made one printable line
    /// (``Sanitizer/sanitize(_:)``), so a title holding an escape sequence or a line break neither breaks
    /// its row nor the columns.
    public static func render(_ rows: [[String]]) -> String {
        let columns = rows.reduce(0) { max($0, $1.count) }
        guard columns > 0 else { return "" }
        // The cells and their widths in one flat list each, row after row: two arrays a row cost as much as
        // the layout itself in a 500-row table.
        var cells: [String] = [], cellWidths: [Int] = []
        cells.reserveCapacity(rows.count * columns)
        cellWidths.reserveCapacity(rows.count * columns)
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() {
                let clean = Sanitizer.sanitize(cell), width = clean.displayWidth
                cells.append(clean)
                cellWidths.append(width)
                widths[column] = max(widths[column], width)
            }
        }
        // Laid out as bytes in a line of spaces, each cell copied to its place: the gaps and the padding are what
        // the cells leave. (Appending them, twice a cell, was a seventh of a 500-row table's instructions;
        // appending to a String, three times a cell, had been a quarter.) The size first: each cell's bytes,
        // then, but after a row's last cell, its padding to the column's width and the gap of two.
        // The spaces after the cell at `cell`, in column `column` of a row of `count`.
        func spaces(after cell: Int, column: Int, of count: Int) -> Int {
            column < count - 1 ? widths[column] - cellWidths[cell] + 2 : 0
        }
        var size = 0, cell = 0
        for row in rows {
            for column in row.indices {
                size += cells[cell].utf8.count + spaces(after: cell, column: column, of: row.count)
                cell += 1
            }
            size += 1
        }
        return String(unsafeUninitializedCapacity: size) { text in
            text.initialize(repeating: 0x20)
            var at = 0
            cell = 0
            for row in rows {
                for column in row.indices {
                    let end = UnsafeMutableBufferPointer(rebasing: text[at...]).initialize(fromContentsOf: cells[cell].utf8)
                    // No cell is wider than its column, so padding never has to cut one.
                    at += end + spaces(after: cell, column: column, of: row.count)
                    cell += 1
                }
                text[at] = 0x0A
                at += 1
            }
            return size
        }
    }
}
