import Testing
@testable import StrataTerminal

@Suite struct FrameRendererTests {
    private func frame(_ lines: [String], width: Int = 10, style: Style = .plain) -> ScreenBuffer {
        let canvas = Canvas(size: TerminalSize(width: width, height: lines.count))
        for (row, line) in lines.enumerated() { canvas.draw(line, row: row, style: style) }
        return canvas.buffer
    }

    @Test func firstFrameClearsAndDrawsEverything() {
        var renderer = FrameRenderer(colors: true)
        let output = renderer.render(frame(["ab", "cd"], width: 2))
        #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab\u{1B}[2;1Hcd")
    }

    @Test func anUnchangedFrameWritesNothing() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["12:00:01", "steady"]))
        #expect(renderer.render(frame(["12:00:01", "steady"])) == "")
    }

    @Test func aChangedCellRewritesOnlyThatRun() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["12:00:01", "steady"]))
        let output = renderer.render(frame(["12:00:02", "steady"]))
        #expect(output == "\u{1B}[1;8H2")
    }

    @Test func nearbyChangesAreMergedIntoOneRun() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["abcdef"]))
        #expect(renderer.render(frame(["xbcdey"])) == "\u{1B}[1;1Hxbcdey")
    }

    @Test func invalidateForcesAFullRedraw() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["same"], width: 4))
        renderer.invalidate()
        #expect(renderer.render(frame(["same"], width: 4)).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test func writesStylesAndResetsAfterwards() {
        var renderer = FrameRenderer(colors: true)
        let output = renderer.render(frame(["x"], width: 1, style: Style(foreground: .red, bold: true)))
        #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0;1;31mx\u{1B}[0m")
    }

    @Test func leavesOutColoursWithoutDroppingAttributes() {
        var renderer = FrameRenderer(colors: false)
        let output = renderer.render(frame(["x"], width: 1, style: Style(foreground: .red, reverse: true)))
        #expect(output.contains("\u{1B}[0;7m"))
        #expect(!output.contains("31"))
    }

    @Test func rewritesAWideCharacterWhole() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["a한"], width: 3))
        #expect(renderer.render(frame(["a글"], width: 3)) == "\u{1B}[1;2H글")
    }

    @Test func clearsTheEndOfAShortenedLineWithOneErase() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["hello"]))
        #expect(renderer.render(frame(["hi"])) == "\u{1B}[1;2Hi\u{1B}[K")
    }

    @Test func placesTheCursorAfterAnEmojiSequenceWhoseWidthTerminalsDisagreeOn() {
        var renderer = FrameRenderer(colors: true)
        _ = renderer.render(frame(["      "], width: 6))
        #expect(renderer.render(frame(["👍🏽ab"], width: 6)) == "\u{1B}[1;1H👍🏽\u{1B}[1;3Hab")
    }

    @Test func capabilitiesFollowTermAndNoColor() {
        let color = TerminalCapabilities(environment: ["TERM": "xterm-256color"], isTerminal: true)
        #expect(color.supportsFullScreen && color.colors)
        let noColor = TerminalCapabilities(environment: ["TERM": "xterm", "NO_COLOR": "1"], isTerminal: true)
        #expect(noColor.supportsFullScreen && !noColor.colors)
        let dumb = TerminalCapabilities(environment: ["TERM": "dumb"], isTerminal: true)
        #expect(!dumb.supportsFullScreen && !dumb.colors)
        #expect(!TerminalCapabilities(environment: ["TERM": "xterm"], isTerminal: false).supportsFullScreen)
    }
}
