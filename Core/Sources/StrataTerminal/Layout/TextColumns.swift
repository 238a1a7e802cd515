import StrataBase

/// Rows of plain text laid out as left-aligned columns, for command-line listings.
public enum TextColumns {
    /// The rows as lines, each column padded to its widest cell in terminal cells (so wide CJK or emoji
    /// text keeps the next column aligned), separated by two spaces; the last column is not padded. Every
    /// line, the last included, ends with a newline. Each cell is first made one printable line
    /// (``Sanitizer/sanitize(_:)``), so a title holding an escape sequence or a line break neither breaks
    /// its row nor the columns.
    public static func render(_ rows: [[String]]) -> String {
        let rows = rows.map { $0.map(Sanitizer.sanitize) }
        let cellWidths = rows.map { $0.map(\.displayWidth) }
        guard let columns = rows.map(\.count).max(), columns > 0 else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in cellWidths { for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) } }
        var text = ""
        for (row, cells) in zip(rows, cellWidths) {
            for (column, cell) in row.enumerated() {
                if column > 0 { text += "  " }
                text += cell
                // No cell is wider than its column, so padding never has to cut one.
                if column < row.count - 1 { text += String(repeating: " ", count: widths[column] - cells[column]) }
            }
            text += "\n"
        }
        return text
    }
}
