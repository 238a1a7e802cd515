import FoundationEssentials
import Glibc
import StrataBase
import StrataTerminal
import Synchronization

/// Standard output and error, written unbuffered so a child's output and a parent's interleave correctly.
/// Text is sanitized (``Sanitizer/sanitizeLines(_:)``) and JSON escapes its controls: plugin names, file
/// names and error messages may come from anywhere.
enum Console {
    static func write(_ text: String) { writeOutput(Sanitizer.sanitizeLines(text)) }
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

    /// Writes `value` as pretty JSON with sorted keys. One that doesn't encode (a number that isn't finite) is
    /// said to on standard error and fails the command (``exitCode(_:)``): before, `null` was written, exit 0.
    static func writeJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            writeOutput(Sanitizer.escapingJSON(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n")
        } catch {
            answerLost.store(true, ordering: .relaxed)
            self.error((error as? EncodingError)?.answerProblem ?? "can't write the answer as JSON: \(error)")
        }
    }

    /// Writes `text` to standard output as it is (the caller has sanitized it), keeping the first write that
    /// failed for ``exitCode(_:)``.
    static func writeOutput(_ text: String) {
        if let failure = writeAllReportingFailure(text, to: STDOUT_FILENO) {
            _ = outputFailure.compareExchange(expected: 0, desired: failure, ordering: .relaxed)
        }
    }

    /// The `errno` of the first write to standard output that failed, 0 while none has.
    private static let outputFailure = Atomic<Int32>(0)
    /// Whether an answer wasn't written, having no JSON form (``writeJSON(_:)`` said why).
    private static let answerLost = Atomic<Bool>(false)

    /// `code`, unless standard output lost some of what strata wrote to it (a file on a full disk,
    /// `/dev/full`): then strata says so and fails (1, or `code` if it failed already), so that a script
    /// doesn't take a cut-short answer for the whole one. An answer that had no JSON form fails it too.
    static func exitCode(_ code: Int32) -> Int32 {
        let failure = outputFailure.load(ordering: .relaxed)
        guard failure != 0 else { return answerLost.load(ordering: .relaxed) && code == 0 ? 1 : code }
        error(
            "can't write to standard output (\(String(cString: strerror(failure)))), so what was printed is cut short. Free some space, or send the output elsewhere."
        )
        return code == 0 ? 1 : code
    }

    /// Lays out rows as left-aligned columns separated by two spaces, aligned by display width.
    static func table(_ rows: [[String]]) -> String { TextColumns.render(rows) }

    /// A usage listing (a command, what it does) as ``table(_:)``; on a terminal its last column wraps to the
    /// terminal's width, so that no line runs past the edge (``listing(_:width:)``).
    static func listing(_ rows: [[String]]) -> String {
        var window = winsize()
        let isTerminal = isTerminalOutput && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0
        return listing(rows, width: isTerminal ? Int(window.ws_col) : nil)
    }

    /// ``listing(_:)`` wrapped to `width` cells (`nil`: not wrapped): each further line of the last column
    /// under that column's start or, where that would leave it fewer than 30 cells, every summary under its
    /// command instead, indented by six.
    static func listing(_ rows: [[String]], width: Int?) -> String {
        let columns = rows.map(\.count).max() ?? 0
        guard let width, columns > 1, rows.contains(where: { $0.count == columns }) else { return table(rows) }
        let lead = (0..<columns - 1).reduce(0) { total, column in
            total + 2 + rows.reduce(0) { widest, row in column < row.count - 1 ? max(widest, Sanitizer.sanitize(row[column]).displayWidth) : widest }
        }
        if width - lead < 30 {
            return rows.map { row in
                table([Array(row.dropLast())])
                    + (row.last.map { Sanitizer.sanitize($0).wrapped(toWidth: max(20, width - 6)) } ?? []).map { "      \($0)\n" }.joined()
            }.joined()
        }
        return table(
            rows.flatMap { row -> [[String]] in
                guard row.count == columns, let last = row.last else { return [row] }
                let lines = Sanitizer.sanitize(last).wrapped(toWidth: width - lead)
                return [Array(row.dropLast()) + [lines.first ?? ""]] + lines.dropFirst().map { Array(repeating: "", count: columns - 1) + [$0] }
            })
    }
}
