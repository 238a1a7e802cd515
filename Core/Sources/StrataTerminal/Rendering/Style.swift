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
    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
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
    ///
    /// - Parameters:
    ///   - colors: False under `NO_COLOR`: no colour at all.
    ///   - trueColor: Whether the terminal takes 24-bit colours; if not, an ``Color/rgb(_:_:_:)`` colour is
    ///     sent as the nearest of the 256-colour palette.
    func sgrParameters(colors: Bool, trueColor: Bool = true) -> [Int] {
        var parameters: [Int] = []
        if bold { parameters.append(1) }
        if dim { parameters.append(2) }
        if underline { parameters.append(4) }
        if reverse { parameters.append(7) }
        if colors, let foreground { parameters += foreground.parameters(base: 30, trueColor: trueColor) }
        if colors, let background { parameters += background.parameters(base: 40, trueColor: trueColor) }
        return parameters
    }
}

/// The colours the kit uses: the 16 basic ANSI colours, which every terminal has and which follow the
/// user's theme, for text; exact colours for pictures.
public enum Color: Hashable, Sendable {
    /// Basic colours.
    case black, red, green, yellow, blue, magenta, cyan, white
    /// Bright black, shown as gray by most themes.
    case gray
    /// An exact colour, for the pixels of a ``Picture``.
    case rgb(UInt8, UInt8, UInt8)

    /// The SGR parameters that select the colour, `base` being 30 for the text and 40 for the background.
    func parameters(base: Int, trueColor: Bool) -> [Int] {
        switch self {
        case .black: [base]
        case .red: [base + 1]
        case .green: [base + 2]
        case .yellow: [base + 3]
        case .blue: [base + 4]
        case .magenta: [base + 5]
        case .cyan: [base + 6]
        case .white: [base + 7]
        case .gray: [base + 60]
        case .rgb(let red, let green, let blue):
            trueColor ? [base + 8, 2, Int(red), Int(green), Int(blue)] : [base + 8, 5, Self.paletteIndex(red, green, blue)]
        }
    }

    /// The nearest colour of xterm's 256-colour palette: its 6×6×6 cube (16–231) or its gray ramp (232–255).
    static func paletteIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        func distance(_ red2: Int, _ green2: Int, _ blue2: Int) -> Int {
            let r = Int(red) - red2, g = Int(green) - green2, b = Int(blue) - blue2
            return r * r + g * g + b * b
        }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let step = min(23, max(0, (average - 3) / 10))
        let gray = 8 + 10 * step
        return distance(gray, gray, gray) < distance(levels[r], levels[g], levels[b]) ? 232 + step : cube
    }
}
