import Testing
@testable import StrataTerminal

@Suite struct CanvasSanitizingTests {
    @Test func canvasSanitizesEverythingItDraws() {
        let canvas = Canvas(size: TerminalSize(width: 20, height: 1))
        canvas.draw("\u{1B}[2Jevil\u{1B}]0;x\u{07}!", row: 0)
        #expect(canvas.buffer.text == "evil!")
        let characters = (0..<20).map { canvas.buffer[$0, 0].character }
        #expect(!characters.contains("\u{1B}"))
    }
}
