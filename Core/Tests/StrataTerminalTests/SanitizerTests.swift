import Testing
@testable import StrataTerminal

@Suite struct SanitizerTests {
    @Test func leavesOrdinaryTextAlone() {
        #expect(Sanitizer.sanitize("Amélie (2001) 🎬 한국") == "Amélie (2001) 🎬 한국")
    }

    @Test func removesColourAndCursorSequences() {
        #expect(Sanitizer.sanitize("\u{1B}[31mred\u{1B}[0m \u{1B}[2J\u{1B}[10;10Hmoved") == "red moved")
    }

    @Test func removesWindowTitleAndClipboardSequences() {
        #expect(Sanitizer.sanitize("a\u{1B}]0;pwned\u{07}b") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}]52;c;ZXZpbA==\u{1B}\\b") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b") == "ab")
    }

    @Test func removesEightBitControlSequences() {
        #expect(Sanitizer.sanitize("a\u{9B}31mb\u{9D}0;title\u{9C}c\u{85}d") == "abcd")
    }

    @Test func turnsLineBreaksAndTabsIntoSpacesAndDropsOtherControls() {
        #expect(Sanitizer.sanitize("line1\nline2\r\tx\u{07}\u{08}\u{7F}y") == "line1 line2  xy")
    }

    @Test func removesBidirectionalOverrides() {
        #expect(Sanitizer.sanitize("file\u{202E}gnp.exe") == "filegnp.exe")
    }

    @Test func canvasSanitizesEverythingItDraws() {
        let canvas = Canvas(size: TerminalSize(width: 20, height: 1))
        canvas.draw("\u{1B}[2Jevil\u{1B}]0;x\u{07}!", row: 0)
        #expect(canvas.buffer.text == "evil!")
        let characters = (0..<20).map { canvas.buffer[$0, 0].character }
        #expect(!characters.contains("\u{1B}"))
    }
}
