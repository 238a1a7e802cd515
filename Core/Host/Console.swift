import FoundationEssentials
import Glibc
import StrataBase
import StrataTerminal

/// Standard output and error, written unbuffered so a child's output and a parent's interleave correctly.
/// Text is sanitized (``Sanitizer/sanitizeLines(_:)``) and JSON escapes its controls: plugin names, file
/// names and error messages may come from anywhere.
enum Console {
    static func write(_ text: String) { writeAll(Sanitizer.sanitizeLines(text), to: STDOUT_FILENO) }
    static func writeLine(_ text: String = "") { write(text + "\n") }
    static func error(_ text: String) { writeError("strata: " + text) }
    static func warning(_ text: String) { writeError("strata: warning: " + text) }
    /// Writes a sanitized line to standard error, as it is (no `strata:` prefix).
    static func writeError(_ text: String) {
        writeAll(Sanitizer.sanitizeLines(text) + "\n", to: STDERR_FILENO)
    }

    /// Whether standard input and output are both a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }
    /// Whether standard output is a terminal.
    static var isTerminalOutput: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes `value` as pretty JSON with sorted keys.
    static func writeJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
        writeAll(Sanitizer.escapingJSON(json) + "\n", to: STDOUT_FILENO)
    }

    /// Lays out rows as left-aligned columns separated by two spaces, aligned by display width.
    static func table(_ rows: [[String]]) -> String { TextColumns.render(rows) }
}
