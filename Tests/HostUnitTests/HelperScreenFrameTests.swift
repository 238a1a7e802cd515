import StrataTerminal
import Testing
@testable import StrataHost

/// The frames a helper sends for a screen, read in strata as hostile: what a helper draws arrives whole,
/// and a payload whose numbers or bytes don't add up is refused, never trusted.
@Suite struct HelperScreenFrameTests {
    static let size = TerminalSize(width: 20, height: 3)

    /// A buffer with styled text, a wide character, a half block and blanks.
    func drawn() -> HelperScreenFrame {
        let canvas = Canvas(size: Self.size)
        canvas.draw("Blocks", row: 0, style: .bold)
        canvas.draw("한 › now", column: 2, row: 1, style: .color(.red))
        canvas.draw("▀", column: 19, row: 2, style: Style(foreground: .rgb(1, 2, 3), background: .gray))
        var header = HelperScreenFrame.Header(sequence: 7, result: "ignored", path: ["Blocks", "Timers"], help: [["a", "add"]])
        header.leavingQuestion = "Discard?"
        return HelperScreenFrame(header: header, buffer: canvas.buffer, area: Region(column: 0, row: 0, width: 20, height: 3))
    }

    @Test func aFrameCrossesWhole() throws {
        let sent = drawn()
        let received = try HelperScreenFrame(payload: sent.payload, size: Self.size)
        #expect(received == sent)
        #expect(received.result == .ignored && received.title == "Blocks › Timers" && received.helpItems == [HelpItem("a", "add")])
        let canvas = Canvas(size: Self.size)
        received.draw(in: canvas)
        let original = Canvas(size: Self.size)
        original.draw("Blocks", row: 0, style: .bold)
        original.draw("한 › now", column: 2, row: 1, style: .color(.red))
        original.draw("▀", column: 19, row: 2, style: Style(foreground: .rgb(1, 2, 3), background: .gray))
        #expect(canvas.buffer == original.buffer, "the proxy draws what the helper drew")
    }

    @Test func aFrameLargerThanAskedForIsRefused() {
        var frame = drawn()
        frame.header.width = 21
        #expect(throws: HelperScreenFrame.Problem.self) { try HelperScreenFrame(payload: frame.payload, size: Self.size) }
    }

    @Test func truncatedOrPaddedPayloadsAreRefused() {
        let payload = drawn().payload
        for cut in [0, 3, 4, 10, payload.count - 1] {
            #expect(throws: HelperScreenFrame.Problem.self, "cut at \(cut)") { try HelperScreenFrame(payload: Array(payload.prefix(cut)), size: Self.size) }
        }
        #expect(throws: HelperScreenFrame.Problem.self) { try HelperScreenFrame(payload: payload + [0], size: Self.size) }
        #expect(throws: HelperScreenFrame.Problem.self) { try HelperScreenFrame(payload: [0xFF, 0xFF, 0xFF, 0xFF], size: Self.size) }
    }

    @Test func anUnknownColourOrAttributeIsRefused() throws {
        var frame = HelperScreenFrame(header: .init(width: 1, height: 1))
        frame.rows = [[HelperScreenFrame.Run(style: .plain, text: "x")]]
        var payload = frame.payload
        let style = payload.count - 1 - 2 - 3  // flags, foreground, background, then the text's length and "x"
        payload[style + 1] = 11
        #expect(throws: HelperScreenFrame.Problem.self) { try HelperScreenFrame(payload: payload, size: Self.size) }
        payload[style + 1] = 0
        payload[style] = 16
        #expect(throws: HelperScreenFrame.Problem.self) { try HelperScreenFrame(payload: payload, size: Self.size) }
        payload[style] = 0
        #expect(try HelperScreenFrame(payload: payload, size: Self.size).rows == frame.rows)
    }

    @Test func theHeadersTextsAreSanitized() throws {
        let frame = HelperScreenFrame(header: .init(path: ["\u{1B}]0;pwned\u{07}Blocks"], help: [["\u{1B}[2J", "x"]]))
        let received = try HelperScreenFrame(payload: frame.payload, size: Self.size)
        #expect(!received.title.contains("\u{1B}") && received.title.hasSuffix("Blocks"))
        #expect(!received.helpItems[0].key.contains("\u{1B}"))
    }

    @Test func keysCrossAsTokens() {
        let keys: [Key] = [.character("a"), .character("한"), .control("c"), .enter, .escape, .backTab, .function(5), .paste("x\ny"), .up]
        for key in keys {
            #expect(HelperScreenRequest.token(for: key).flatMap(HelperScreenRequest.key(for:)) == key, "\(key)")
        }
        #expect(HelperScreenRequest.key(for: "c:ab") == nil && HelperScreenRequest.key(for: "F99") == nil)
        let paste = HelperScreenRequest.token(for: .paste(String(repeating: "😀", count: 300_000)))
        #expect(paste?.count == 2 + HelperScreenRequest.maximumPaste, "a paste is cut to what one frame holds")
    }

    /// strata draws a frame's pictures as it draws a screen's in its own process: on a kitty terminal each is
    /// placed over its cells and transmitted once while the terminal holds it, however many frames place it;
    /// one the canvas can't hold whole, or under strata's own prompt, is left out; on another terminal they are
    /// half blocks.
    @Test func strataPlacesAFramesPicturesAsItsOwn() {
        let picture = Picture(width: 2, height: 2, rgb: [UInt8](repeating: 200, count: 12))
        let frame = HelperScreenFrame(
            header: .init(width: 20, height: 3), rows: [[], [], []],
            pictures: [
                .init(region: Region(column: 0, row: 0, width: 4, height: 2), id: 1, picture: picture),
                .init(region: Region(column: 10, row: 0, width: 4, height: 1), id: 1, picture: picture),  // half past a canvas 12 wide
                .init(region: Region(column: 5, row: 2, width: 2, height: 1), id: 1, picture: picture),  // under the prompt
            ])
        var renderer = FrameRenderer(colors: true)
        var output = ""
        for _ in 0..<2 {
            let canvas = Canvas(size: TerminalSize(width: 12, height: 3))
            frame.drawPictures(in: canvas, mode: .kitty, except: Region(column: 0, row: 2, width: 12, height: 1))
            #expect(canvas.buffer.pictures.map(\.region) == [Region(column: 0, row: 0, width: 4, height: 2)])
            output += renderer.render(canvas.buffer)
        }
        #expect(output.components(separatedBy: "\u{1B}_Ga=t,").count == 2, "sent once: \(output.debugDescription)")
        #expect(output.contains("\u{1B}_Ga=p,i=1,p=1,c=4,r=2,C=1,q=2\u{1B}\\"))

        let blocks = Canvas(size: TerminalSize(width: 12, height: 3))
        frame.drawPictures(in: blocks, mode: .halfBlocks)
        #expect(blocks.buffer.pictures.isEmpty && blocks.buffer[0, 0].character == "▀" && blocks.buffer[5, 2].character == "▀")
    }
}
