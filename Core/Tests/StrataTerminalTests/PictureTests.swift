import FoundationEssentials
import Testing
@testable import StrataTerminal

@Suite struct PictureTests {
    /// A 2×4 picture: the left column red over blue (two pixels each), the right column white over black.
    let quarters = Picture(width: 2, height: 4, rgb: [
        255, 0, 0, 255, 255, 255,
        255, 0, 0, 255, 255, 255,
        0, 0, 255, 0, 0, 0,
        0, 0, 255, 0, 0, 0,
    ])

    @Test func aPictureKeepsItsProportionsInCellsTwiceAsTallAsWide() {
        let poster = Picture(width: 200, height: 300, rgb: Array(repeating: 0, count: 200 * 300 * 3))
        // 300/200 × 20 columns = 30 pixels down = 15 rows.
        #expect(poster.cellSize(fitting: TerminalSize(width: 20, height: 40)) == TerminalSize(width: 20, height: 15))
        // Only 10 rows: 20 pixels down, 13.3 across.
        #expect(poster.cellSize(fitting: TerminalSize(width: 20, height: 10)) == TerminalSize(width: 13, height: 10))
        #expect(poster.cellSize(fitting: TerminalSize(width: 0, height: 10)) == TerminalSize(width: 0, height: 0))
    }

    @Test func halfBlocksShowTheUpperPixelAsTextAndTheLowerAsBackground() {
        let canvas = Canvas(size: TerminalSize(width: 2, height: 2))
        PictureView(quarters, mode: .halfBlocks).draw(in: canvas)
        let buffer = canvas.buffer
        #expect(buffer.lines == ["▀▀", "▀▀"])
        #expect(buffer[0, 0].style == Style(foreground: .rgb(255, 0, 0), background: .rgb(255, 0, 0)))
        #expect(buffer[0, 1].style == Style(foreground: .rgb(0, 0, 255), background: .rgb(0, 0, 255)))
        #expect(buffer[1, 0].style == Style(foreground: .rgb(255, 255, 255), background: .rgb(255, 255, 255)))
        #expect(buffer.pictures.isEmpty)
    }

    @Test func shrinkingAveragesEachCellsShareOfThePicture() {
        let canvas = Canvas(size: TerminalSize(width: 1, height: 1))
        PictureView(quarters, mode: .halfBlocks).draw(in: canvas)
        // Upper half: red and white → (255, 127, 127); lower half: blue and black → (0, 0, 127).
        #expect(canvas.buffer[0, 0].style == Style(foreground: .rgb(255, 127, 127), background: .rgb(0, 0, 127)))
    }

    @Test func withoutColourNothingIsDrawnAndKittyPlacesOnePicture() {
        let off = Canvas(size: TerminalSize(width: 2, height: 2))
        PictureView(quarters, mode: .off).draw(in: off)
        #expect(off.buffer.lines == ["", ""] && off.buffer.pictures.isEmpty)

        let screen = Canvas(size: TerminalSize(width: 10, height: 5))
        screen.draw("xxxxxxxxxx", row: 1)
        PictureView(quarters, mode: .kitty).draw(in: screen.canvas(in: Region(column: 3, row: 1, width: 2, height: 2)))
        #expect(screen.buffer.pictures == [PicturePlacement(region: Region(column: 3, row: 1, width: 2, height: 2), picture: quarters)])
        #expect(screen.buffer.line(1) == "xxx  xxxxx", "the cells under the picture are blanked")
    }

    @Test func exactColoursAreWrittenIn24BitOrAsTheNearestOf256() {
        let red = Style(foreground: .rgb(255, 0, 0), background: .rgb(18, 18, 18))
        #expect(red.sgrParameters(colors: true, trueColor: true) == [38, 2, 255, 0, 0, 48, 2, 18, 18, 18])
        // 255,0,0 is cube (5,0,0) = 196; 18,18,18 is nearest the gray ramp's 18 = 233.
        #expect(red.sgrParameters(colors: true, trueColor: false) == [38, 5, 196, 48, 5, 233])
        #expect(red.sgrParameters(colors: false) == [])
        #expect(Color.paletteIndex(95, 135, 175) == 16 + 36 * 1 + 6 * 2 + 3)
        #expect(Color.paletteIndex(255, 255, 255) == 231)
    }

    @Test func theRendererSendsAKittyPictureOnceAndDeletesItWhenItGoes() throws {
        var renderer = FrameRenderer(colors: true)
        let canvas = Canvas(size: TerminalSize(width: 6, height: 3))
        PictureView(quarters, mode: .kitty).draw(in: canvas.canvas(in: Region(column: 1, row: 1, width: 2, height: 2)))
        let shown = renderer.render(canvas.buffer)
        let payload = Data(quarters.rgb).base64EncodedString()
        #expect(shown.hasSuffix("\u{1B}[2;2H\u{1B}_Ga=T,f=24,s=2,v=4,c=2,r=2,C=1,q=2,m=0;\(payload)\u{1B}\\"), "\(shown.debugDescription)")
        #expect(renderer.render(canvas.buffer) == "", "an unchanged picture is not sent again")
        #expect(renderer.finish() == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\", "leaving the app deletes it")

        let gone = renderer.render(Canvas(size: TerminalSize(width: 6, height: 3)).buffer)
        #expect(gone == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(renderer.finish() == "")
    }

    @Test func aLargePictureGoesInChunksOf4096() throws {
        let big = Picture(width: 64, height: 64, rgb: Array(repeating: 7, count: 64 * 64 * 3))  // 16 384 base64 characters
        var renderer = FrameRenderer(colors: true)
        let canvas = Canvas(size: TerminalSize(width: 10, height: 5))
        PictureView(big, mode: .kitty).draw(in: canvas)
        let output = renderer.render(canvas.buffer)
        let commands = output.components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(commands.count == 4)
        #expect(commands.dropLast().allSatisfy { $0.contains("m=1;") } && commands.last?.hasPrefix("m=0;") == true)
        #expect(commands.first?.hasPrefix("a=T,f=24,s=64,v=64,c=10,r=5,") == true)
        let payload = commands.map { $0.split(separator: ";", maxSplits: 1)[1].dropLast(2) }.joined()
        #expect(Data(base64Encoded: String(payload)) == Data(big.rgb))
    }

    @Test func terminalsSayWhatTheyDraw() {
        let kitty = TerminalCapabilities(environment: ["TERM": "xterm-kitty"], isTerminal: true)
        #expect(kitty.kittyGraphics && kitty.trueColor && kitty.pictures == .kitty)
        let ghostty = TerminalCapabilities(environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], isTerminal: true)
        #expect(ghostty.pictures == .kitty)
        let inTmux = TerminalCapabilities(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0",
                                                        "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor"], isTerminal: true)
        #expect(inTmux.pictures == .halfBlocks && inTmux.trueColor, "tmux would swallow the kitty protocol")
        let plain = TerminalCapabilities(environment: ["TERM": "xterm-256color"], isTerminal: true)
        #expect(plain.pictures == .halfBlocks && !plain.trueColor)
        let noColor = TerminalCapabilities(environment: ["TERM": "xterm-kitty", "NO_COLOR": "1"], isTerminal: true)
        #expect(noColor.pictures == .off && !noColor.trueColor)
    }
}
