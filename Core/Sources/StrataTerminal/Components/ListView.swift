import StrataBase

/// One row of a ``ListView``: a title and an optional detail after it.
public struct ListRow: Hashable, Sendable {
    /// The main text (sanitized when drawn).
    public var title: String
    /// Secondary text, drawn dim after the title column (sanitized when drawn).
    public var detail: String
    /// The title's style (e.g. red for a failed item).
    public var style: Style

    /// Creates a row.
    public init(_ title: String, detail: String = "", style: Style = .plain) {
        self.title = title
        self.detail = detail
        self.style = style
    }
}

/// A scrolling list with one selected row, marked with `›` and reverse video (so it stays visible without
/// colour). Titles line up in a column; details follow, cut with an ellipsis.
///
/// ```swift
/// ListView(rows: movies.map { ListRow($0.title, detail: $0.year) })
///     .draw(in: canvas, selection: &selection)
/// ```
public struct ListView {
    /// The rows, top first.
    public var rows: [ListRow]
    /// Shown (dim) when there are no rows.
    public var emptyText: String
    /// A last row shown after the items, e.g. a ``Spinner`` line while the next page loads.
    public var footer: String?
    /// The width of the title column; `nil` fits the longest title (up to half the width). A list that
    /// grows while it is shown (paging) sets it, so that its details don't move.
    public var titleColumnWidth: Int?

    /// Creates a list.
    public init(rows: [ListRow], emptyText: String = "Nothing here yet.", footer: String? = nil, titleColumnWidth: Int? = nil) {
        self.rows = rows
        self.emptyText = emptyText
        self.footer = footer
        self.titleColumnWidth = titleColumnWidth
    }

    /// The items shown, one a row from the top, by a ``draw(in:selection:)`` into a canvas `height` rows tall
    /// that left `selection` as it is: for a screen that draws something beside each row.
    public func visibleItems(height: Int, selection: ListSelection) -> Range<Int> {
        guard !rows.isEmpty else { return 0..<0 }
        let start = min(max(0, selection.offset), rows.count)
        return start..<min(rows.count, start + visibleRowCount(height: height).count)
    }

    /// How many rows show items, and whether the list is longer than that (its last row then says where
    /// you are: `↑ more · 12 of 60 · ↓ more`).
    private func visibleRowCount(height: Int) -> (count: Int, overflows: Bool) {
        let visible = max(1, height - (footer == nil ? 0 : 1))
        let overflows = rows.count > visible
        return (overflows ? max(1, visible - 1) : visible, overflows)
    }

    /// Draws the visible rows into `canvas`, first scrolling `selection` so the selected row is visible
    /// (and recording the page size for Page Up/Down).
    public func draw(in canvas: Canvas, selection: inout ListSelection) {
        guard !rows.isEmpty else {
            canvas.draw(emptyText, column: 2, row: 0, style: .dim)
            if let footer { canvas.draw(footer, column: 2, row: 1, style: .dim) }
            return
        }
        let (visible, overflows) = visibleRowCount(height: canvas.size.height)
        selection.scroll(visibleRows: visible, itemCount: rows.count)
        let titleWidth =
            titleColumnWidth
            ?? min(
                rows.map { Sanitizer.sanitize($0.title).displayWidth }.max() ?? 0,
                max(8, (canvas.size.width - 4) / 2))
        let shown = rows[selection.offset..<min(rows.count, selection.offset + visible)]
        for (row, item) in zip(0..., shown) {
            let isSelected = selection.offset + row == selection.index
            canvas.draw(isSelected ? "›" : " ", row: row, style: .bold)
            canvas.draw(
                Sanitizer.sanitize(item.title).padded(toWidth: titleWidth), column: 2, row: row,
                style: item.style)
            if !item.detail.isEmpty, titleWidth + 4 < canvas.size.width {
                canvas.draw(item.detail, column: titleWidth + 4, row: row, style: .dim)
            }
            if isSelected { canvas.applyStyle(.reverse, row: row) }
        }
        var nextRow = shown.count
        if overflows, nextRow < canvas.size.height {
            let position = [
                selection.offset > 0 ? "↑ more" : nil, "\(selection.index + 1) of \(rows.count)",
                selection.offset + visible < rows.count ? "↓ more" : nil,
            ]
            canvas.draw(position.compactMap { $0 }.joined(separator: " · "), column: 2, row: nextRow, style: .dim)
            nextRow += 1
        }
        if let footer, nextRow < canvas.size.height {
            canvas.draw(footer, column: 2, row: nextRow, style: .dim)
        }
    }
}
