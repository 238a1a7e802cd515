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
        // Laid out as bytes, the padding written in place: appending to a String, three times a cell, was
        // about a quarter of a 500-row table's instructions.
        var text: [UInt8] = []
        text.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * columns + 1))
        var cell = 0
        for row in rows {
            for column in row.indices {
                if column > 0 { text.append(contentsOf: repeatElement(0x20, count: 2)) }
                text += cells[cell].utf8
                // No cell is wider than its column, so padding never has to cut one.
                if column < row.count - 1 { text.append(contentsOf: repeatElement(0x20, count: widths[column] - cellWidths[cell])) }
                cell += 1
            }
            text.append(0x0A)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
