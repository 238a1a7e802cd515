/// The text and cursor of a single-line ``TextField``, edited by keys.
///
/// Editing keys: printable characters insert at the cursor; ← → move by character; Home/End or Ctrl-A/E
/// jump to the ends; Backspace and Delete remove around the cursor; Ctrl-U clears to the start, Ctrl-K to
/// the end, Ctrl-W the word before the cursor. The cursor counts characters (grapheme clusters), so a
/// Korean syllable or an emoji is one step.
public struct TextFieldState: Hashable, Sendable {
    /// The text typed so far.
    public private(set) var text: String
    /// The cursor position, in characters from the start (0…`text.count`).
    public private(set) var cursor: Int
    /// Whether the whole text is selected, as a prefilled value is: the first character typed or pasted
    /// replaces it and Backspace clears it, so typing `0s` over `25m` gives `0s`, not `25m0s`. Moving the
    /// cursor keeps the text and ends the selection.
    public private(set) var isSelected: Bool

    /// Creates a field holding `text`, with the cursor at its end; `selected` for a prefilled value.
    public init(text: String = "", selected: Bool = false) {
        self.text = text
        cursor = text.count
        isSelected = selected && !text.isEmpty
    }

    /// Applies an editing key.
    ///
    /// - Returns: Whether the key was an editing key (true even when it changed nothing, e.g. ← at the
    ///   start), so the screen knows not to treat it as a command.
    public mutating func handle(_ key: Key) -> Bool {
        if isSelected {
            isSelected = false
            switch key {
            case .character, .paste: setText("")
            case .backspace, .delete, .control("d"), .control("u"), .control("k"), .control("w"):
                setText("")
                return true
            default: break
            }
        }
        switch key {
        case .character(let character): insert(character)
        case .paste(let pasted):
            // One line: the pasted lines joined by spaces, so a pasted newline never submits.
            for character in pasted.split(whereSeparator: \.isNewline).joined(separator: " ") where character != "\t" {
                insert(character)
            }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            remove(cursor - 1..<cursor)
        case .delete, .control("d"):
            guard cursor < text.count else { return true }
            remove(cursor..<cursor + 1)
        case .control("u"): remove(0..<cursor)
        case .control("k"): remove(cursor..<text.count)
        case .control("w"): remove(wordStart()..<cursor)
        default: return false
        }
        return true
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
        isSelected = false
    }

    private mutating func insert(_ character: Character) {
        let position = text.index(text.startIndex, offsetBy: cursor)
        let before = text.count
        text.insert(character, at: position)
        cursor += text.count - before  // a combining mark may merge into the previous character
    }

    private mutating func remove(_ range: Range<Int>) {
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(text.startIndex, offsetBy: range.upperBound)
        text.removeSubrange(lower..<upper)
        cursor = range.lowerBound
    }

    /// The start of the word before the cursor (skipping spaces right before it).
    private func wordStart() -> Int {
        let characters = Array(text.prefix(cursor))
        var index = characters.count
        while index > 0, characters[index - 1] == " " { index -= 1 }
        while index > 0, characters[index - 1] != " " { index -= 1 }
        return index
    }
}
