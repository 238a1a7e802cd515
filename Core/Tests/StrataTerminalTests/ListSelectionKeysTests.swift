import Testing
@testable import StrataTerminal

/// A list beside a text field: with `.arrows` its selection leaves every letter, Home and End to the field.
@Suite struct ListSelectionKeysTests {
    @Test func anArrowsOnlySelectionIgnoresLettersAndMovesWithArrows() {
        var selection = ListSelection(keys: .arrows)
        for letter in "jkgG" {
            #expect(selection.handle(.character(letter), itemCount: 5) == .ignored, "\(letter) is typing")
        }
        #expect(selection.handle(.end, itemCount: 5) == .ignored, "End moves the field's cursor")
        #expect(selection.index == 0)
        #expect(selection.handle(.down, itemCount: 5) == .moved && selection.index == 1)
        #expect(selection.handle(.pageDown, itemCount: 5) == .reachedEnd && selection.index == 4)
        #expect(selection.keyHelp.map(\.key) == ["↑", "↓", "PgUp", "PgDn"])
    }

    @Test func aSelectionTakesTheLetterKeysByDefault() {
        var selection = ListSelection()
        #expect(selection.handle(.character("j"), itemCount: 5) == .moved && selection.index == 1)
        #expect(selection.handle(.character("G"), itemCount: 5) == .reachedEnd)
        #expect(selection.keyHelp == ListSelection.keyHelp)
    }
}
