/// Rows of plain text laid out as left-aligned columns, for command-line listings.
public enum TextColumns {
    /// The rows as lines, each column padded to its widest cell in terminal cells (so wide CJK or emoji
    /// text keeps the next column aligned), separated by two spaces; the last column is not padded. Every
    /// line, the last included, ends with a newline.
    public static func render(_ rows: [[String]]) -> String {
        guard let columns = rows.map(\.count).max(), columns > 0 else { return "" }
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].displayWidth : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padded(toWidth: widths[index])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
