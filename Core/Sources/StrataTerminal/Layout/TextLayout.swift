/// Fitting text into a number of terminal cells: truncation with an ellipsis, padding, word wrapping.
///
/// All widths are display widths (see ``Swift/Character/displayWidth``): a wide character is never cut in
/// half, and a line never exceeds the width asked for.
extension String {
    /// This text cut to at most `width` cells, ending in `ellipsis` when something was cut.
    ///
    /// - Parameters:
    ///   - width: The number of cells available; 0 or less gives an empty string.
    ///   - ellipsis: Appended when the text is cut (default `…`, one cell). If even the ellipsis does not
    ///     fit, the text is cut without one.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        guard displayWidth > width else { return self }
        let ellipsisWidth = ellipsis.displayWidth
        let room = ellipsisWidth <= width ? width - ellipsisWidth : width
        var result = ""
        var used = 0
        for character in self {
            let cells = character.displayWidth
            if used + cells > room { break }
            result.append(character)
            used += cells
        }
        return ellipsisWidth <= width ? result + ellipsis : result
    }

    /// This text truncated to `width` cells (with an ellipsis) and then padded with spaces to exactly `width`.
    public func padded(toWidth width: Int) -> String {
        let fitted = truncated(toWidth: width)
        return fitted + String(repeating: " ", count: max(0, width - fitted.displayWidth))
    }

    /// This text broken into lines of at most `width` cells.
    ///
    /// Lines break at spaces; a word longer than a line (or text without spaces, as is common in Chinese or
    /// Japanese) is broken between characters. Newlines in the text start a new line; runs of spaces between
    /// words become one space.
    ///
    /// - Parameter width: The number of cells per line; 0 or less gives no lines.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            var paragraphLines: [String] = []
            for word in paragraph.split(separator: " ") {
                let wordWidth = word.displayWidth
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { paragraphLines.append(line) }
                line = ""
                lineWidth = 0
                for character in word {  // fits on a fresh line, or has to be broken between characters
                    let cells = character.displayWidth
                    if lineWidth + cells > width && lineWidth > 0 {
                        paragraphLines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += cells
                }
            }
            paragraphLines.append(line)
            lines += paragraphLines
        }
        return lines
    }
}
