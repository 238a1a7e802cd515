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

    /// What an editing key does.
    enum Edit: Hashable, Sendable { case left, right, start, end, deleteBefore, deleteAfter, deleteToStart, deleteToEnd, deleteWord }

    /// The editing keys other than typing and pasting, one row per edit: ``handle(_:)`` acts on this table
    /// and ``keyHelp`` lists it, so the Keys dialog and a footer can't drift from what the keys do. Ctrl-U
    /// deletes to the start, as in readline (at the end of the text, where the cursor usually is, that
    /// clears the field).
    static let keyTable: [(keys: [Key], help: HelpItem, edit: Edit)] = [
        ([.left], HelpItem("←", "cursor left"), .left),
        ([.right], HelpItem("→", "cursor right"), .right),
        ([.home, .control("a")], HelpItem("Home Ctrl-A", "to the start"), .start),
        ([.end, .control("e")], HelpItem("End Ctrl-E", "to the end"), .end),
        ([.backspace], HelpItem("Backspace", "delete before the cursor"), .deleteBefore),
        ([.delete, .control("d")], HelpItem("Delete Ctrl-D", "delete at the cursor"), .deleteAfter),
        ([.control("u")], HelpItem("Ctrl-U", "delete to the start"), .deleteToStart),
        ([.control("k")], HelpItem("Ctrl-K", "delete to the end"), .deleteToEnd),
        ([.control("w")], HelpItem("Ctrl-W", "delete the word before"), .deleteWord),
    ]

    /// Every editing key, for the Keys dialog (``Screen/keyHelp``).
    public static let keyHelp: [HelpItem] = keyTable.map(\.help)

    /// The editing keys but those a screen takes for itself (a form whose ←→ change a length).
    public static func keyHelp(except taken: [Key]) -> [HelpItem] {
        keyTable.filter { !$0.keys.allSatisfy(taken.contains) }.map(\.help)
    }

    /// The help entry of the editing key `key` (e.g. `.control("u")`), for a footer that names it.
    public static func help(for key: Key) -> HelpItem? { keyTable.first { $0.keys.contains(key) }?.help }

    /// Applies an editing key.
    ///
    /// - Returns: Whether the key was an editing key (true even when it changed nothing, e.g. ← at the
    ///   start), so the screen knows not to treat it as a command.
    public mutating func handle(_ key: Key) -> Bool {
        let edit = Self.keyTable.first { $0.keys.contains(key) }?.edit
        if isSelected {
            isSelected = false
            switch key {
            case .character, .paste: setText("")
            default:
                if let edit, ![.left, .right, .start, .end].contains(edit) {
                    setText("")
                    return true
                }
            }
        }
        switch key {
        case .character(let character): insert(character)
        case .paste(let pasted):
            // One line: the pasted lines joined by spaces, so a pasted newline never submits; a tab is a
            // space too, so `two⇥tab` stays two words.
            for character in pasted.split(whereSeparator: \.isNewline).joined(separator: " ") {
                insert(character == "\t" ? " " : character)
            }
        default:
            guard let edit else { return false }
            apply(edit)
        }
        return true
    }

    private mutating func apply(_ edit: Edit) {
        switch edit {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .start: cursor = 0
        case .end: cursor = text.count
        case .deleteBefore: if cursor > 0 { remove(cursor - 1..<cursor) }
        case .deleteAfter: if cursor < text.count { remove(cursor..<cursor + 1) }
        case .deleteToStart: remove(0..<cursor)
        case .deleteToEnd: remove(cursor..<text.count)
        case .deleteWord: remove(wordStart()..<cursor)
        }
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
