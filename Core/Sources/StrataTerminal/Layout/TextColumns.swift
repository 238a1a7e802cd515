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
        let cellWidths = rows.map { $0.map { $0.displayWidth } }
        guard let columns = rows.map(\.count).max(), columns > 0 else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in cellWidths { for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) } }
        // Laid out as bytes, the padding written in place: appending to a String, three times a cell, was
        // about a quarter of a 500-row table's instructions.
        var text: [UInt8] = []
        text.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * columns + 1))
        for (row, cells) in zip(rows, cellWidths) {
            for (column, cell) in row.enumerated() {
                if column > 0 { text += [0x20, 0x20] }
                text += cell.utf8
                // No cell is wider than its column, so padding never has to cut one.
                if column < row.count - 1 { text += repeatElement(0x20, count: widths[column] - cells[column]) }
            }
            text.append(0x0A)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
