import Testing
@testable import StrataTerminal

@Suite struct ComponentRenderingTests {
    private func snapshot(width: Int, height: Int, _ draw: (Canvas) -> Void) -> String {
        let canvas = Canvas(size: TerminalSize(width: width, height: height))
        draw(canvas)
        return canvas.buffer.text
    }

    @Test func textBlockWrapsAndMarksCutText() {
        let text = snapshot(width: 12, height: 2) { TextBlock("one two three four five six").draw(in: $0) }
        #expect(text == "one two\nthree four …")
        #expect(TextBlock("one two three").height(forWidth: 7) == 2)
    }

    @Test func listShowsSelectionMarkerAlignedTitlesAndDetails() {
        var selection = ListSelection()
        _ = selection.handle(.down, itemCount: 2)
        let text = snapshot(width: 30, height: 3) { canvas in
            ListView(rows: [ListRow("Movies", detail: "search"), ListRow("Gpt", detail: "chat")])
                .draw(in: canvas, selection: &selection)
        }
        #expect(text == "  Movies  search\n› Gpt     chat\n")
    }

    @Test func listHighlightsTheSelectedRowInReverseVideo() {
        var selection = ListSelection(index: 1)
        let canvas = Canvas(size: TerminalSize(width: 10, height: 2))
        ListView(rows: [ListRow("a"), ListRow("b")]).draw(in: canvas, selection: &selection)
        #expect(canvas.buffer[5, 1].style.reverse)
        #expect(!canvas.buffer[5, 0].style.reverse)
    }

    @Test func listScrollsToKeepTheSelectionVisibleAndSaysWhereItIs() {
        var selection = ListSelection()
        let rows = (1...10).map { ListRow("item \($0)") }
        for _ in 0..<4 { _ = selection.handle(.down, itemCount: rows.count) }
        let text = snapshot(width: 30, height: 4) { ListView(rows: rows).draw(in: $0, selection: &selection) }
        #expect(text == "  item 3\n  item 4\n› item 5\n  ↑ more · 5 of 10 · ↓ more")
        _ = selection.handle(.up, itemCount: rows.count)
        let after = snapshot(width: 30, height: 4) { ListView(rows: rows).draw(in: $0, selection: &selection) }
        #expect(after == "  item 3\n› item 4\n  item 5\n  ↑ more · 4 of 10 · ↓ more")
        _ = selection.handle(.character("G"), itemCount: rows.count)
        let end = snapshot(width: 30, height: 4) { ListView(rows: rows).draw(in: $0, selection: &selection) }
        #expect(end == "  item 8\n  item 9\n› item 10\n  ↑ more · 10 of 10")
        #expect(ListView(rows: rows).visibleItems(height: 4, selection: selection) == 7..<10, "what is beside rows 0 to 2")
        #expect(ListView(rows: Array(rows.prefix(3))).visibleItems(height: 4, selection: ListSelection()) == 0..<3)
        #expect(ListView(rows: rows, footer: "…").visibleItems(height: 4, selection: ListSelection()) == 0..<2)
        _ = selection.handle(.character("g"), itemCount: rows.count)
        let top = snapshot(width: 30, height: 4) { ListView(rows: rows).draw(in: $0, selection: &selection) }
        #expect(top == "› item 1\n  item 2\n  item 3\n  1 of 10 · ↓ more")
    }

    @Test func aListThatFitsShowsNoPosition() {
        var selection = ListSelection()
        let text = snapshot(width: 30, height: 3) { ListView(rows: [ListRow("a"), ListRow("b"), ListRow("c")]).draw(in: $0, selection: &selection) }
        #expect(text == "› a\n  b\n  c")
    }

    @Test func listReportsReachingTheEndForLoadingMore() {
        var selection = ListSelection()
        #expect(selection.handle(.down, itemCount: 3) == .moved)
        #expect(selection.handle(.down, itemCount: 3) == .reachedEnd)
        #expect(selection.handle(.character("x"), itemCount: 3) == .ignored)
        #expect(selection.handle(.home, itemCount: 3) == .moved)
        #expect(selection.handle(.end, itemCount: 3) == .reachedEnd)
        #expect(selection.index == 2)
    }

    @Test func listShowsEmptyTextAndFooter() {
        var selection = ListSelection()
        #expect(snapshot(width: 20, height: 2) { ListView(rows: [], emptyText: "No movies").draw(in: $0, selection: &selection) }
                == "  No movies\n")
        let text = snapshot(width: 20, height: 3) {
            ListView(rows: [ListRow("a")], footer: "Loading more…").draw(in: $0, selection: &selection)
        }
        #expect(text == "› a\n  Loading more…\n")
    }

    @Test func textFieldShowsPromptTextAndCursor() {
        var state = TextFieldState(text: "dune")
        _ = state.handle(.left)
        let canvas = Canvas(size: TerminalSize(width: 20, height: 1))
        TextField(state: state, prompt: "Search: ").draw(in: canvas)
        #expect(canvas.buffer.text == "Search: dune")
        #expect(canvas.buffer[11, 0].style.reverse)  // the cursor is on the "e"
        #expect(!canvas.buffer[10, 0].style.reverse)
    }

    @Test func textFieldShowsPlaceholderWhenEmpty() {
        let text = snapshot(width: 30, height: 1) {
            TextField(state: TextFieldState(), prompt: "> ", placeholder: "movie title").draw(in: $0)
        }
        #expect(text == ">  movie title")
    }

    @Test func textFieldScrollsLongTextToKeepTheCursorVisible() {
        let text = snapshot(width: 10, height: 1) {
            TextField(state: TextFieldState(text: "abcdefghijklmnop"), prompt: "> ").draw(in: $0)
        }
        #expect(text == "> jklmnop")
    }

    @Test func progressBarFillsInProportion() {
        let text = snapshot(width: 14, height: 1) { ProgressBar(fraction: 0.5).draw(in: $0) }
        #expect(text == "█████░░░░░ 50%")
        #expect(snapshot(width: 9, height: 1) { ProgressBar(fraction: 7).draw(in: $0) } == "████ 100%")
        #expect(snapshot(width: 12, height: 1) { ProgressBar(fraction: 0.25, label: "5k").draw(in: $0) } == "5k █░░░░ 25%")
    }

    @Test func spinnerCyclesThroughFrames() {
        #expect(snapshot(width: 20, height: 1) { Spinner("Loading…", frame: 0).draw(in: $0) } == "⠋ Loading…")
        #expect(snapshot(width: 20, height: 1) { Spinner("Loading…", frame: 12).draw(in: $0) } == "⠹ Loading…")
    }

    @Test func helpLineJoinsItemsAndLeavesOutWhatDoesNotFit() {
        let items = [HelpItem("↑↓", "move"), HelpItem("Enter", "open"), HelpItem("Esc", "back"), HelpItem("q", "quit")]
        #expect(HelpLine(items).text == "↑↓ move · Enter open · Esc back · q quit")
        #expect(snapshot(width: 60, height: 1) { HelpLine(items).draw(in: $0) } == "↑↓ move · Enter open · Esc back · q quit")
        // What doesn't fit is left out whole, and an ellipsis says so (#50 item 11: nothing said it).
        #expect(snapshot(width: 22, height: 1) { HelpLine(items).draw(in: $0) } == "↑↓ move · …")
    }

    @Test func statusLinePutsTextLeftAndRight() {
        let text = snapshot(width: 20, height: 1) { StatusLine(left: "Strata", right: "12:00").draw(in: $0) }
        #expect(text == " Strata       12:00")
    }

    @Test func alertCentresButtonsUnderTheMessage() {
        let text = snapshot(width: 24, height: 3) {
            Alert(message: "Delete this run?", buttons: ["Cancel", "Delete"], selected: 1).draw(in: $0)
        }
        #expect(text == "Delete this run?\n\n [ Cancel ]  [ Delete ]")
    }

    @Test func frameDrawsABoxWithItsTitle() {
        let text = snapshot(width: 12, height: 3) { Frame(title: "Hi").draw(in: $0).draw("x", row: 0) }
        #expect(text == "┌─ Hi ─────┐\n│ x        │\n└──────────┘")
    }

    @Test func wideCharactersTakeTwoCellsInTheBuffer() {
        let canvas = Canvas(size: TerminalSize(width: 6, height: 1))
        canvas.draw("한a", row: 0)
        #expect(canvas.buffer[1, 0].isContinuation)
        #expect(canvas.buffer[2, 0].character == "a")
        canvas.draw("b", column: 1, row: 0)  // overwriting half of the wide character blanks the other half
        #expect(canvas.buffer.text == " ba")
    }
}
