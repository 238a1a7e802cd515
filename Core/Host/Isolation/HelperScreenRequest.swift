import StrataTerminal

/// What strata asks of the screen a plugin's helper runs (a ``HelperWire/Kind/screen`` frame, JSON): open
/// the feature's root screen, handle a key, draw again, or finish for the app's quit. Each carries the
/// render context, so the helper always draws for the terminal strata has now; the helper answers each
/// with a ``HelperScreenFrame`` of the same sequence number.
struct HelperScreenRequest: Codable, Equatable, Sendable {
    enum Action: String, Codable, Sendable {
        case open, key, draw, quit
    }

    var sequence: UInt32
    var action: Action
    /// The key, for ``Action/key`` (``HelperScreenRequest/token(for:)``).
    var key: String?
    var context: Context

    /// The proxy screen's canvas and ``RenderContext``, as the helper's app draws with them.
    struct Context: Codable, Equatable, Sendable {
        var width: Int
        var height: Int
        var frame: Int
        var colors: Bool
        /// Whether pictures are drawn, and whether through the kitty graphics protocol (the frame then carries
        /// them: ``HelperScreenFrame/pictures``); `nil` as a strata of version 8 or before sends it, which draws
        /// them as half blocks. A helper of version 8 reads no `kitty` and draws half blocks.
        var pictures: Bool
        var kitty: Bool?
        var cellWidth: Int
        var cellHeight: Int
        var trueColor: Bool

        /// The largest canvas a helper draws: a frame of it fits one wire frame whatever the cells hold.
        static let maximumSize = TerminalSize(width: 300, height: 120)

        init(size: TerminalSize, context: RenderContext) {
            width = min(size.width, Self.maximumSize.width)
            height = min(size.height, Self.maximumSize.height)
            frame = context.frame
            colors = context.colors
            pictures = context.pictures != .off
            kitty = context.pictures == .kitty ? true : nil
            cellWidth = context.cellPixels.width
            cellHeight = context.cellPixels.height
            trueColor = context.trueColor
        }

        /// Whether every number is one a helper can draw with.
        var isValid: Bool {
            (0...Self.maximumSize.width).contains(width) && (0...Self.maximumSize.height).contains(height)
                && CellPixelSize(width: cellWidth, height: cellHeight) != nil
        }
    }

    /// The most characters of a paste that cross (a request fits one wire frame).
    static let maximumPaste = 65536

    /// `key` as it crosses: a name for a named key, `c:` + a character, `^` + a control chord's letter,
    /// `p:` + pasted text (its first ``maximumPaste`` characters), `F` + a function key's number; `nil` for
    /// bytes no screen reads (``Key/unknown(_:)``).
    static func token(for key: Key) -> String? {
        switch key {
        case .character(let character): "c:\(character)"
        case .control(let character): "^\(character)"
        case .paste(let text): "p:\(text.prefix(maximumPaste))"
        case .function(let number): "F\(number)"
        case .unknown: nil
        default: namedKeys.first { $0.value == key }?.key
        }
    }

    /// The key a token names; `nil` for anything else.
    static func key(for token: String) -> Key? {
        if let named = namedKeys[token] { return named }
        if token.hasPrefix("c:"), token.count == 3, let character = token.last { return .character(character) }
        if token.hasPrefix("^"), token.count == 2, let character = token.last { return .control(character) }
        if token.hasPrefix("p:") { return .paste(String(token.dropFirst(2))) }
        if token.hasPrefix("F"), let number = Int(token.dropFirst()), (1...24).contains(number) { return .function(number) }
        return nil
    }

    private static let namedKeys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pageUp": .pageUp,
        "pageDown": .pageDown, "enter": .enter, "escape": .escape, "backspace": .backspace, "delete": .delete,
        "insert": .insert, "tab": .tab, "backTab": .backTab,
    ]
}
