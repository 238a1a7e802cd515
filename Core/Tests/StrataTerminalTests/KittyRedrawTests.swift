import Testing
@testable import StrataTerminal

/// Pictures through a full redraw (a resize, Ctrl-L, the return from Ctrl-Z), which clears the screen: kitty
/// then frees every picture it held, and a picture placed by its old id drew nothing (issue 51).
@Suite struct KittyRedrawTests {
    /// What makes the renderer draw a frame in full.
    enum Redraw: CaseIterable, Sendable { case shrinkAndGrowBack, askedFor }

    let thumbnail = Picture(width: 2, height: 1, rgb: [1, 2, 3, 4, 5, 6])
    let poster = Picture(width: 2, height: 3, rgb: Array(repeating: 7, count: 18))
    let smallPoster = Picture(width: 1, height: 2, rgb: Array(repeating: 8, count: 6))

    /// A screen of `size` showing `picture` in its top left corner, 4 × 2 cells.
    func screen(_ picture: Picture, size: TerminalSize = TerminalSize(width: 80, height: 24)) -> ScreenBuffer {
        let canvas = Canvas(size: size)
        PictureView(picture, mode: .kitty).draw(in: canvas.canvas(in: Region(column: 0, row: 0, width: 4, height: 2)))
        return canvas.buffer
    }

    /// The steps: the list's thumbnail, the details' poster, the list and the poster again; then the
    /// window shrinks and grows back (or a redraw is asked for) on the details, and the list and the poster
    /// are shown once more. Every frame's pictures must be placed, each picture sent only when the terminal
    /// doesn't hold it, whether the terminal frees its pictures on a clear (kitty) or keeps them.
    @Test(arguments: Redraw.allCases, [true, false])
    func everyPictureShownIsPlacedAfterAFullRedraw(_ redraw: Redraw, clearFreesPictures: Bool) {
        var renderer = FrameRenderer(colors: true)
        var terminal = KittyTerminal(clearFreesPictures: clearFreesPictures)
        var frames = [screen(thumbnail), screen(poster), screen(thumbnail), screen(poster)]
        switch redraw {
        case .shrinkAndGrowBack: frames += [screen(smallPoster, size: TerminalSize(width: 60, height: 18)), screen(poster)]
        case .askedFor: frames += [screen(poster)]
        }
        frames += [screen(thumbnail), screen(poster)]

        for (index, frame) in frames.enumerated() {
            if redraw == .askedFor && index == 4 { renderer.invalidate() }
            terminal.receive(renderer.render(frame))
            #expect(terminal.errors.isEmpty, "frame \(index): \(terminal.errors)")
            #expect(terminal.placed.count == 1, "frame \(index): its picture is on screen")
        }
        #expect(terminal.transmissionsOfAPictureHeld == 0, "nothing is sent that the terminal holds")
        // The thumbnail and the poster; then what the screen shows after each full redraw, and the thumbnail.
        #expect(terminal.transmissions == (redraw == .shrinkAndGrowBack ? 5 : 4))
        terminal.receive(renderer.finish())
        #expect(terminal.held.isEmpty, "nothing is left behind in a terminal that keeps pictures through a clear")
    }

    /// Before the full redraw, a picture goes once and is then only placed: the figures of issue 35 hold.
    @Test func withoutAFullRedrawEachPictureIsSentOnce() {
        var renderer = FrameRenderer(colors: true)
        var terminal = KittyTerminal()
        for frame in [screen(thumbnail), screen(poster), screen(thumbnail), screen(poster), screen(thumbnail)] {
            terminal.receive(renderer.render(frame))
        }
        #expect(terminal.transmissions == 2 && terminal.errors.isEmpty && terminal.placed.count == 1)
    }
}
