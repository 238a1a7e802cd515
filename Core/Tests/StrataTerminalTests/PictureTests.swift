import CZlib
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

    /// kitty's cells of 9 × 20 pixels, as it reports them: a circle 230 × 257 pixels keeps its shape (it
    /// was 11.7 % too tall when a cell was taken to be 1 × 2).
    @Test func aPictureKeepsItsProportionsInTheCellsTheTerminalReports() throws {
        let cell = try #require(CellPixelSize(columns: 80, rows: 24, pixelWidth: 720, pixelHeight: 480))
        #expect(cell == CellPixelSize(width: 9, height: 20))
        let circle = Picture(width: 230, height: 257, rgb: Array(repeating: 0, count: 230 * 257 * 3))
        // 20 columns are 180 pixels; 180 × 257/230 = 201 pixels down = 10 rows of 20.
        #expect(circle.cellSize(fitting: TerminalSize(width: 20, height: 40), cell: cell) == TerminalSize(width: 20, height: 10))
        #expect(circle.cellSize(fitting: TerminalSize(width: 20, height: 40)) == TerminalSize(width: 20, height: 11), "1 × 2 when unknown")
        // Terminals (and tmux) that leave the pixels 0, or report nonsense, get the 1 × 2 guess.
        #expect(CellPixelSize(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0) == nil)
        #expect(CellPixelSize(columns: 80, rows: 24, pixelWidth: 65_535, pixelHeight: 65_535 * 24) == nil)
        #expect(CellPixelSize(columns: 0, rows: 0, pixelWidth: 720, pixelHeight: 480) == nil)
        // Or its answer to CSI 16 t, which comes in with the keys.
        var decoder = KeyDecoder()
        guard case .unknown(let reply) = decoder.decode(Array("\u{1B}[6;20;9t".utf8)).first else { Issue.record("not one reply"); return }
        #expect(CellPixelSize(report: reply) == cell)
        for other in ["\u{1B}[4;480;720t", "\u{1B}[6;20t", "\u{1B}[6;0;9t", "\u{1B}[6;99999999999999999999;9t", "\u{1B}[A"] {
            #expect(CellPixelSize(report: Array(other.utf8)) == nil, "\(other.debugDescription)")
        }
    }

    /// A thumbnail box's shape cut from the middle: a 2:3 poster in a box 18 × 20 pixels loses its top and
    /// bottom; a wide picture in a tall box loses its sides; a picture already in shape stays whole.
    @Test func croppingKeepsTheMiddleInTheProportionsAsked() {
        let tall = Picture(width: 2, height: 6, rgb: (0..<6).flatMap { row in [UInt8(row), 0, 0, UInt8(row), 0, 0] })
        let square = tall.cropped(toProportions: 1, 1)
        #expect(square.width == 2 && square.height == 2 && square.rgb == [2, 0, 0, 2, 0, 0, 3, 0, 0, 3, 0, 0])
        let wide = Picture(width: 4, height: 1, rgb: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
        #expect(wide.cropped(toProportions: 1, 2).rgb == [2, 2, 2], "one column of 4: the second")
        #expect(quarters.cropped(toProportions: 1, 2) == quarters)
        let poster = Picture(width: 46, height: 69, rgb: Array(repeating: 9, count: 46 * 69 * 3)).cropped(toProportions: 18, 20)
        #expect(poster.width == 46 && poster.height == 51)
    }

    /// Shrinking averages each box of the original, as half blocks do: the quarters picture in 1 × 2 pixels.
    @Test func scalingDownAveragesEachBox() {
        #expect(quarters.scaled(toWidth: 1, height: 2).rgb == [255, 127, 127, 0, 0, 127])
        #expect(quarters.scaled(toWidth: 2, height: 4) == quarters)
        #expect(quarters.scaled(toWidth: 0, height: 4).rgb.isEmpty)
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

    /// A frame showing `picture` over `region` of a 6×3 screen.
    func frame(_ picture: Picture, at region: Region) -> ScreenBuffer {
        let canvas = Canvas(size: TerminalSize(width: 6, height: 3))
        PictureView(picture, mode: .kitty).draw(in: canvas.canvas(in: region))
        return canvas.buffer
    }

    /// The picture goes once, zlib-compressed, under an id; moving it or showing it again only places it,
    /// and its placements are deleted by that id (it was sent in full, 1.5 MB a poster, at each showing).
    @Test func theRendererSendsAKittyPictureOnceAndThenOnlyPlacesItById() throws {
        var renderer = FrameRenderer(colors: true)
        let shown = renderer.render(frame(quarters, at: Region(column: 1, row: 1, width: 2, height: 2)))
        let transmit = try #require(shown.firstRange(of: "\u{1B}_Ga=t,i=1,f=24,s=2,v=4,o=z,q=2,m=0;"), "\(shown.debugDescription)")
        let payload = shown[transmit.upperBound...].prefix { $0 != "\u{1B}" }
        #expect(try inflate(String(payload), count: quarters.rgb.count) == quarters.rgb)
        #expect(shown.hasSuffix("\u{1B}[2;2H\u{1B}_Ga=p,i=1,p=1,c=2,r=2,C=1,q=2\u{1B}\\"), "\(shown.debugDescription)")
        #expect(renderer.render(frame(quarters, at: Region(column: 1, row: 1, width: 2, height: 2))) == "", "an unchanged picture is not sent again")

        let moved = renderer.render(frame(quarters, at: Region(column: 3, row: 0, width: 2, height: 2)))
        #expect(moved.hasSuffix("\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\\u{1B}[1;4H\u{1B}_Ga=p,i=1,p=1,c=2,r=2,C=1,q=2\u{1B}\\"), "\(moved.debugDescription)")
        let gone = renderer.render(Canvas(size: TerminalSize(width: 6, height: 3)).buffer)
        #expect(gone == "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\", "placements go; the data stays for the next showing")
        let again = renderer.render(frame(quarters, at: Region(column: 1, row: 1, width: 2, height: 2)))
        #expect(!again.contains("a=t") && again.contains("\u{1B}_Ga=p,i=1,p=1,"), "\(again.debugDescription)")

        let other = Picture(width: 1, height: 1, rgb: [1, 2, 3])
        #expect(renderer.render(frame(other, at: Region(column: 0, row: 0, width: 1, height: 1))).contains("a=t,i=2,"))
        #expect(renderer.finish() == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\", "leaving the app frees both")
        #expect(renderer.finish() == "")
    }

    /// The terminal keeps a bounded number of pictures: past it, the one unused the longest is freed, and
    /// a picture on screen never is.
    @Test func theTerminalKeepsAtMost64PicturesFreeingTheLongestUnused() {
        var images = KittyImages()
        let region = Region(column: 0, row: 0, width: 1, height: 1)
        let pictures = (0..<66).map { Picture(width: 1, height: 1, rgb: [UInt8($0), 0, 0]) }
        for picture in pictures.prefix(64) { _ = images.show([PicturePlacement(region: region, picture: picture)]) }
        _ = images.show([PicturePlacement(region: region, picture: pictures[0])])  // id 1 used again
        let past = images.show([PicturePlacement(region: region, picture: pictures[64])])
        #expect(past.hasSuffix("\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"), "id 2 is the longest unused: \(past.debugDescription)")
        #expect(!images.show([PicturePlacement(region: region, picture: pictures[0])]).contains("a=t"), "id 1 is still held")
    }

    /// `base64` decoded and inflated with zlib, as the terminal does with `o=z`.
    func inflate(_ base64: String, count: Int) throws -> [UInt8] {
        let compressed = [UInt8](try #require(Data(base64Encoded: base64)))
        var output = [UInt8](repeating: 0, count: count)
        var length = uLong(count)
        let status = output.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        #expect(status == Z_OK && length == uLong(count))
        return output
    }

    @Test func aLargePictureGoesInChunksOf4096() throws {
        // Noise, which zlib can't shrink much: about 16 384 base64 characters.
        var noise = SystemRandomNumberGenerator()
        let big = Picture(width: 64, height: 64, rgb: (0..<64 * 64 * 3).map { _ in UInt8.random(in: 0...255, using: &noise) })
        var renderer = FrameRenderer(colors: true)
        let canvas = Canvas(size: TerminalSize(width: 10, height: 5))
        PictureView(big, mode: .kitty).draw(in: canvas)
        let output = renderer.render(canvas.buffer)
        let commands = output.components(separatedBy: "\u{1B}_G").dropFirst().dropLast()  // the last places it
        #expect(commands.count == 4 || commands.count == 5)
        #expect(commands.dropLast().allSatisfy { $0.contains("m=1;") } && commands.last?.hasPrefix("m=0;") == true)
        #expect(commands.first?.hasPrefix("a=t,i=1,f=24,s=64,v=64,o=z,") == true)
        let payload = commands.map { $0.split(separator: ";", maxSplits: 1)[1].prefix { $0 != "\u{1B}" } }.joined()
        #expect(try inflate(String(payload), count: big.rgb.count) == big.rgb)
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
