/// One key press, decoded from the bytes a terminal sends.
///
/// Printable input (including Korean, emoji and other multi-byte UTF-8) arrives as ``character(_:)``;
/// control keys arrive as their own cases. Modifiers on arrows and similar keys (`Ctrl-→`) are dropped:
/// the key is reported as the plain arrow.
public enum Key: Hashable, Sendable {
    /// A printable character (one grapheme cluster).
    case character(Character)
    /// A control chord, `Ctrl` + a lowercase letter, e.g. `.control("c")` for Ctrl-C.
    case control(Character)
    /// The arrow keys.
    case up, down, left, right
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Return / Enter.
    case enter
    /// A lone Escape key, told apart from the escape sequences other keys send.
    case escape
    /// Backspace (DEL or BS byte).
    case backspace
    /// The forward Delete key.
    case delete
    /// Insert.
    case insert
    /// Tab, and Shift-Tab.
    case tab, backTab
    /// A function key `F1`…`F12`.
    case function(Int)
    /// Text pasted into the terminal (bracketed paste), in one piece: a newline in it is text, never
    /// Enter. Line breaks are `\n`; other control characters are removed.
    case paste(String)
    /// A byte sequence the decoder does not know; kept so that nothing is silently lost.
    case unknown([UInt8])

    /// Ctrl-C, the conventional "stop" chord.
    public static let interrupt = Key.control("c")
    /// Ctrl-Z, the conventional "suspend" chord.
    public static let suspend = Key.control("z")
}

extension Key: CustomStringConvertible {
    /// A human-readable name, as a help line would print it (`"↑"`, `"Enter"`, `"Ctrl-C"`, `"q"`).
    public var description: String {
        switch self {
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .function(let n): return "F\(n)"
        case .paste(let text): return "paste(\(text.count) characters)"
        case .unknown(let bytes): return "unknown(\(bytes))"
        }
    }
}
