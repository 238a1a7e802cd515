public import Glibc
import StrataBase

/// What the user's terminal and environment allow: a full-screen app at all, colour, and pictures.
///
/// - `TERM=dumb` (or no `TERM`) means the terminal understands no escape sequences: no full-screen app.
/// - `NO_COLOR` set to anything non-empty (https://no-color.org) turns colour off; bold, dim and reverse
///   video stay, so the app remains usable. Pictures are not drawn then.
/// - `COLORTERM=truecolor` (or `24bit`) says the terminal takes 24-bit colours; otherwise pictures use the
///   256-colour palette.
/// - kitty, Ghostty and WezTerm say who they are (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`, `TERM_PROGRAM`);
///   they show pictures at full resolution through the kitty graphics protocol, unless tmux or screen sits
///   in between (`TMUX`, `STY`), which would swallow it.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Whether standard input and output are both terminals.
    public var isTerminal: Bool
    /// Whether `TERM` names a terminal that understands ANSI escape sequences.
    public var understandsEscapes: Bool
    /// Whether colours may be used.
    public var colors: Bool
    /// Whether the terminal takes 24-bit colours.
    public var trueColor: Bool
    /// Whether the terminal shows pictures through the kitty graphics protocol.
    public var kittyGraphics: Bool
    /// Whether the locale writes UTF-8 (`LANG`, `LC_CTYPE`, `LC_ALL`): without it the app writes ASCII
    /// stand-ins for its symbols and draws no pictures.
    public var unicode = true

    /// Creates capabilities from explicit values (for tests).
    public init(isTerminal: Bool, understandsEscapes: Bool, colors: Bool, trueColor: Bool = false, kittyGraphics: Bool = false) {
        self.isTerminal = isTerminal
        self.understandsEscapes = understandsEscapes
        self.colors = colors
        self.trueColor = trueColor
        self.kittyGraphics = kittyGraphics
    }

    /// The capabilities of this process's standard input/output under `environment`.
    public init(
        environment: [String: String],
        isTerminal: Bool = isatty(STDIN_FILENO) == 1
            && isatty(STDOUT_FILENO) == 1
    ) {
        let term = environment["TERM"] ?? ""
        self.isTerminal = isTerminal
        understandsEscapes = !term.isEmpty && term != "dumb"
        colors = understandsEscapes && (environment["NO_COLOR"] ?? "").isEmpty
        let multiplexed = environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
        let kitty =
            term == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
            || ["ghostty", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "")
        trueColor = colors && (["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "") || (kitty && !multiplexed))
        kittyGraphics = colors && kitty && !multiplexed
        unicode = ASCIIStandIns.localeIsUTF8(environment)
    }

    /// How pictures are drawn here: none without colour, through the kitty protocol where the terminal
    /// has it, otherwise in half blocks.
    public var pictures: PictureMode {
        !colors || !unicode ? .off : kittyGraphics ? .kitty : .halfBlocks
    }

    /// Whether a full-screen interactive app can run: a real terminal that understands escapes.
    public var supportsFullScreen: Bool { isTerminal && understandsEscapes }
}
