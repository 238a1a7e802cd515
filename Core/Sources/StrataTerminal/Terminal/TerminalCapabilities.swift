import Glibc

/// What the user's terminal and environment allow: a full-screen app at all, and colour.
///
/// - `TERM=dumb` (or no `TERM`) means the terminal understands no escape sequences: no full-screen app.
/// - `NO_COLOR` set to anything non-empty (https://no-color.org) turns colour off; bold, dim and reverse
///   video stay, so the app remains usable.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Whether standard input and output are both terminals.
    public var isTerminal: Bool
    /// Whether `TERM` names a terminal that understands ANSI escape sequences.
    public var understandsEscapes: Bool
    /// Whether colours may be used.
    public var colors: Bool

    /// Creates capabilities from explicit values (for tests).
    public init(isTerminal: Bool, understandsEscapes: Bool, colors: Bool) {
        self.isTerminal = isTerminal
        self.understandsEscapes = understandsEscapes
        self.colors = colors
    }

    /// The capabilities of this process's standard input/output under `environment`.
    public init(environment: [String: String], isTerminal: Bool = isatty(STDIN_FILENO) == 1
                    && isatty(STDOUT_FILENO) == 1) {
        let term = environment["TERM"] ?? ""
        self.isTerminal = isTerminal
        understandsEscapes = !term.isEmpty && term != "dumb"
        colors = understandsEscapes && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether a full-screen interactive app can run: a real terminal that understands escapes.
    public var supportsFullScreen: Bool { isTerminal && understandsEscapes }
}
