/// How a cell is drawn: colours and attributes.
///
/// Colours are dropped when the user sets `NO_COLOR` (see ``TerminalCapabilities``); attributes such as bold
/// and reverse video are kept, so a selection stays visible without colour.
public struct Style: Hashable, Sendable {
    /// The text colour, or the terminal's default.
    public var foreground: Color?
    /// The background colour, or the terminal's default.
    public var background: Color?
    /// Bold (bright) text.
    public var bold: Bool
    /// Dim (faint) text.
    public var dim: Bool
    /// Underlined text.
    public var underline: Bool
    /// Swapped foreground and background: the kit's selection highlight.
    public var reverse: Bool

    /// Creates a style; every attribute is off and both colours are the terminal's default unless given.
    public init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
                underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(bold: true)
    /// Dim text, for secondary information.
    public static let dim = Style(dim: true)
    /// Reverse video, for the selected row and bars.
    public static let reverse = Style(reverse: true)

    /// Text in `color`.
    public static func color(_ color: Color) -> Style { Style(foreground: color) }

    /// The SGR parameters that select this style from a reset state (e.g. `[1, 7, 31]`).
    func sgrParameters(colors: Bool) -> [Int] {
        var parameters: [Int] = []
        if bold { parameters.append(1) }
        if dim { parameters.append(2) }
        if underline { parameters.append(4) }
        if reverse { parameters.append(7) }
        if colors, let foreground { parameters.append(foreground.code + 30) }
        if colors, let background { parameters.append(background.code + 40) }
        return parameters
    }
}

/// The terminal palette colours the kit uses (the 16 basic ANSI colours, which every terminal has and which
/// follow the user's theme).
public enum Color: Hashable, Sendable {
    /// Basic colours.
    case black, red, green, yellow, blue, magenta, cyan, white
    /// Bright black, shown as gray by most themes.
    case gray

    /// The offset added to 30 (foreground) or 40 (background) to select the colour.
    var code: Int {
        switch self {
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .gray: 60
        }
    }
}
