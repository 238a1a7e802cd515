import StrataTerminal
import Testing

@Suite struct TextColumnsTests {
    @Test func columnsAlignByDisplayWidthNotCharacterCount() {
        let text = TextColumns.render([["TITLE", "HOURS"], ["한국어제목", "6"], ["Deep work", "4"]])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && text.hasSuffix("\n"))
        // "한국어제목" is 10 cells wide: every second column starts at cell 12.
        #expect(lines.map { $0.displayWidth - ($0.split(separator: " ").last.map { String($0) } ?? "").displayWidth } == [12, 12, 12])
        #expect(lines[1] == "한국어제목  6")
        #expect(lines[2] == "Deep work   4")
    }

    /// A listing's rows: an error line under a row has cells only where it shows something, a short row
    /// ends at its last cell, and a cell is cleaned before it is measured.
    @Test func shortRowsAndCleanedCellsKeepTheColumns() {
        let text = TextColumns.render([["ID", "NAME", "PATH"], ["a", "b\u{1B}[31m", "c"], ["", "", "↳ failed"], ["x"]])
        #expect(text == "ID  NAME  PATH\na   b     c\n          ↳ failed\nx\n")
    }

    @Test func noRowsGiveNoText() {
        #expect(TextColumns.render([]) == "")
    }
}
