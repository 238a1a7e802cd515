import Testing
@testable import StrataTerminal

@Suite struct TextFieldStateTests {
    private func typing(_ keys: [Key], into text: String = "") -> TextFieldState {
        var state = TextFieldState(text: text)
        for key in keys { _ = state.handle(key) }
        return state
    }

    /// A prefilled value is replaced by what is typed, not appended to: `0s` over `25m` is `0s` (Tempus's form).
    @Test func aSelectedValueIsReplacedByTheFirstKeyTyped() {
        func typing(_ keys: [Key]) -> TextFieldState {
            var state = TextFieldState(text: "25m", selected: true)
            for key in keys {
                let handled = state.handle(key)
                #expect(handled, "\(key) is an editing key")
            }
            return state
        }
        let typed = typing([.character("0"), .character("s")])
        #expect(typed.text == "0s" && !typed.isSelected)
        #expect(typing([.paste("1h")]).text == "1h")
        #expect(typing([.backspace]).text.isEmpty)
        #expect(typing([.backspace, .backspace]).text.isEmpty, "nothing more to remove")
        #expect(typing([.left, .character("0")]).text == "250m", "moving the cursor keeps the value and ends the selection")
        #expect(TextFieldState(text: "25m").isSelected == false)
    }

    @Test func insertsAtTheCursor() {
        let state = typing([.home, .character("a"), .end, .left, .character("X")], into: "bc")
        #expect(state.text == "abXc")
        #expect(state.cursor == 3)
    }

    @Test func movesAndDeletesByWholeCharacters() {
        var state = typing([.character("한"), .character("👍🏽"), .character("글")])
        #expect(state.cursor == 3)
        _ = state.handle(.left)
        _ = state.handle(.backspace)
        #expect(state.text == "한글")
        #expect(state.cursor == 1)
        _ = state.handle(.delete)
        #expect(state.text == "한")
    }

    @Test func killsToTheStartTheEndAndTheWordBefore() {
        #expect(typing([.control("w")], into: "find the  movie").text == "find the  ")
        #expect(typing([.left, .left, .control("k")], into: "dune").text == "du")
        #expect(typing([.left, .control("u")], into: "dune").text == "e")
    }

    @Test func ignoresBackspaceAtTheStartAndDeleteAtTheEnd() {
        var state = TextFieldState(text: "ab")
        let deleteUsed = state.handle(.delete)
        _ = state.handle(.home)
        let backspaceUsed = state.handle(.backspace)
        #expect(deleteUsed && backspaceUsed)
        #expect(state.text == "ab")
    }

    @Test func leavesNonEditingKeysToTheScreen() {
        var state = TextFieldState(text: "ab")
        let used = [Key.enter, .escape, .up, .tab].map { state.handle($0) }
        #expect(used == [false, false, false, false])
        #expect(state.text == "ab")
    }

    @Test func aCombiningMarkJoinsThePreviousCharacter() {
        let state = typing([.character("e"), .character("\u{301}")])
        #expect(state.text == "é")
        #expect(state.cursor == 1)
    }

    @Test func setTextMovesTheCursorToTheEnd() {
        var state = TextFieldState()
        state.setText("arrival")
        #expect(state.cursor == 7)
    }

    @Test func pastedLinesBecomeOneLineAtTheCursor() {
        var field = TextFieldState(text: "ab")
        _ = field.handle(.left)
        let handled = field.handle(.paste("one\ntwo\tthree\n"))
        #expect(handled)
        #expect(field.text == "aone two threeb", "a pasted tab is a space, not dropped")
        #expect(field.cursor == 14)
    }

    /// The Keys dialog and footers read the same table the field acts on: what Ctrl-U says is what it does.
    @Test func theKeyHelpIsTheTableTheKeysActOn() {
        #expect(TextFieldState.help(for: .control("u")) == HelpItem("Ctrl-U", "delete to the start"))
        #expect(typing([.control("u")], into: "dune").text == "", "at the end, where the cursor is, it clears the field")
        for row in TextFieldState.keyTable {
            #expect(TextFieldState.keyHelp.contains(row.help))
            for key in row.keys {
                var state = TextFieldState(text: "ab")
                let handled = state.handle(key)
                #expect(handled, "\(key) is an editing key")
            }
        }
        #expect(!TextFieldState.keyHelp(except: [.left, .right]).contains { $0.key == "←" || $0.key == "→" })
        #expect(ListSelection.keyHelp.map(\.key) == ["↑ k", "↓ j", "PgUp", "PgDn", "Home g", "End G"])
    }
}
