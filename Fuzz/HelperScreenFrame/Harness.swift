import FoundationEssentials
import Glibc
import StrataBase
import StrataTerminal

/// libFuzzer's entry: the input is the payload of a ``HelperWire/Kind/frame`` a plugin's helper sends, read
/// as ``HelperScreenSession`` reads it (for a canvas of at most ``HelperScreenRequest/Context/maximumSize``).
/// A frame strata takes is then used as the proxy screen uses it (its title, help and keys, its result),
/// drawn into canvases of its own size and of a small terminal, with its pictures (through the kitty
/// protocol or as half blocks), and those rendered as the terminal gets them. Checked: nothing the helper
/// wrote reaches the screen with a control character, an escape or a bidirectional override in it; every
/// picture lies in the frame's cells within its bounds; and the frame, sent again as a helper sends it, reads
/// back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let payload = Array(UnsafeBufferPointer(start: data, count: size))
    let maximum = HelperScreenRequest.Context.maximumSize
    let frame: HelperScreenFrame
    do {
        frame = try HelperScreenFrame(payload: payload, size: maximum)
    } catch {
        if tracing { print("refused: \(error)") }
        return 0
    }
    if tracing { print("taken: \(frame.header.width)×\(frame.header.height), \(frame.rows.joined().count) runs, title \(frame.title)") }
    precondition(frame.rows.count == frame.header.height, "a frame of \(frame.header.height) rows holds \(frame.rows.count)")
    precondition(frame.header.width <= maximum.width && frame.header.height <= maximum.height)
    for placement in frame.pictures {
        let region = placement.region
        precondition(
            region.size.width > 0 && region.size.height > 0 && region.column + region.size.width <= frame.header.width
                && region.row + region.size.height <= frame.header.height, "a picture placed outside its frame: \(region)")
        precondition((placement.picture?.rgb.count ?? 0) <= HelperScreenFrame.maximumPictureBytes)
    }

    // What the session and the proxy screen read of it.
    _ = frame.result
    let header = frame.header
    let texts =
        [frame.title] + frame.helpItems.flatMap { [$0.key, $0.action] } + frame.keyHelp.flatMap { [$0.key, $0.action] }
        + [header.leavingQuestion, header.failure, header.result].compactMap { $0 }
    for text in texts { precondition(isShowable(text), "a header text strata shows holds \(text.unicodeScalars.map(\.value))") }

    // Drawn as the proxy screen draws it, and written to the terminal.
    for canvasSize in [TerminalSize(width: header.width, height: header.height), TerminalSize(width: 80, height: 24)] {
        let canvas = Canvas(size: canvasSize)
        frame.draw(in: canvas)
        frame.drawPictures(in: canvas, mode: canvasSize.width % 2 == 0 ? .kitty : .halfBlocks, except: Region(column: 0, row: 0, width: 3, height: 1))
        let buffer = canvas.buffer
        for row in 0..<canvasSize.height {
            for column in 0..<canvasSize.width {
                let cell = buffer[column, row]
                precondition(isShowable(String(cell.character)), "a cell holds \(cell.character.unicodeScalars.map(\.value))")
            }
        }
        var renderer = FrameRenderer(colors: true, trueColor: canvasSize.width % 2 == 0)
        _ = renderer.render(buffer)
    }

    // The helper's encoding of what strata took reads back as the same frame.
    let again: HelperScreenFrame
    do {
        again = try HelperScreenFrame(payload: frame.payload, size: maximum)
    } catch {
        preconditionFailure("a frame strata took, encoded again, is refused: \(error)")
    }
    precondition(again == frame, "a frame strata took, encoded again, reads back different")
    return 0
}

/// Whether what became of each frame is printed (`HELPER_SCREEN_TRACE=1 Fuzz/run HelperScreenFrame --replay FILE`).
let tracing = getenv("HELPER_SCREEN_TRACE") != nil

/// Whether `text` holds nothing a terminal obeys: no C0 or C1 control, DEL, or bidirectional override.
private func isShowable(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
