internal import FoundationEssentials
import StrataBase

/// Turns successive ``ScreenBuffer`` frames into the ANSI output that updates a terminal from one to the
/// next, writing only the cells that changed.
///
/// The first frame (and the first after ``invalidate()`` or a size change) clears the screen and draws
/// everything; later frames move the cursor to each changed run of cells and rewrite just that run, so a
/// clock ticking once a second rewrites a few cells and nothing flickers. A frame identical to the previous
/// one produces no output at all.
///
/// Pictures placed through the kitty graphics protocol (``ScreenBuffer/pictures``) are placed again only
/// when they change, each scaled by the terminal into its cells; a picture's data is sent once while the
/// terminal holds it (``KittyImages``). A frame drawn in full clears the screen, which in kitty frees every
/// picture, placed or not: the renderer frees them all itself first, and sends again what the frame shows.
public struct FrameRenderer: Sendable {
    /// Whether colours are written; attributes (bold, reverse, …) are written either way.
    public let colors: Bool
    /// Whether exact colours are written as 24-bit; if not, as the nearest of 256.
    public let trueColor: Bool
    /// Whether only ASCII is written, each symbol as its stand-in (`StrataBase.ASCIIStandIns`), for a locale
    /// without UTF-8 (``TerminalCapabilities/unicode``).
    public var asciiOnly = false
    private var previous: ScreenBuffer?
    private var images = KittyImages()

    /// Creates a renderer that has drawn nothing yet.
    ///
    /// - Parameters:
    ///   - colors: False when the user asked for no colour (`NO_COLOR`).
    ///   - trueColor: Whether the terminal takes 24-bit colours (``TerminalCapabilities/trueColor``).
    public init(colors: Bool, trueColor: Bool = true) {
        self.colors = colors
        self.trueColor = trueColor
    }

    /// What to write before giving the terminal back: every picture the terminal holds, freed.
    public mutating func finish() -> String {
        images.freeAll()
    }

    /// Forgets what the terminal shows, so that the next frame is drawn in full, its pictures sent again
    /// (after a resize, Ctrl-L, or resuming from Ctrl-Z when the screen may have been overwritten).
    public mutating func invalidate() {
        previous = nil
    }

    /// The output that turns the terminal's current contents into `frame`.
    ///
    /// Blank cells at the end of a changed row are cleared with "erase to end of line" rather than written,
    /// which also wipes anything a terminal drew wider than expected. After an emoji sequence (several code
    /// points, e.g. with a skin tone), whose width terminals disagree on, the cursor is placed explicitly.
    public mutating func render(_ frame: ScreenBuffer) -> String {
        var output = ""
        let old = previous.flatMap { $0.size == frame.size ? $0 : nil }
        // kitty frees every picture on "erase display", so none is left that the terminal may not hold.
        if old == nil { output += images.freeAll() + "\u{1B}[0m\u{1B}[2J" }
        var current = Style.plain
        for row in 0..<frame.size.height {
            let contentEnd = (0..<frame.size.width).last { frame[$0, row] != .blank }.map { $0 + 1 } ?? 0
            for run in changedRuns(row: row, frame: frame, old: old) {
                let written = run.lowerBound..<max(run.lowerBound, min(run.upperBound, contentEnd))
                guard !written.isEmpty || old != nil else { continue }
                output += "\u{1B}[\(row + 1);\(run.lowerBound + 1)H"
                for column in written where !frame[column, row].isContinuation {
                    let cell = frame[column, row]
                    if cell.style != current {
                        output +=
                            "\u{1B}["
                            + ([0] + cell.style.sgrParameters(colors: colors, trueColor: trueColor))
                            .map(String.init).joined(separator: ";") + "m"
                        current = cell.style
                    }
                    output.append(asciiOnly ? ASCIIStandIns.character(cell.character) : cell.character)
                    if cell.character.unicodeScalars.count > 1 && cell.character.displayWidth == 2 {
                        output += "\u{1B}[\(row + 1);\(column + 3)H"
                    }
                }
                if old != nil && run.upperBound > contentEnd {
                    if current != .plain { output += "\u{1B}[0m"; current = .plain }
                    output += "\u{1B}[K"
                }
            }
        }
        if current != .plain { output += "\u{1B}[0m" }
        if frame.pictures != (previous?.pictures ?? []) || (old == nil && !frame.pictures.isEmpty) {
            output += images.show(frame.pictures)
        }
        previous = frame
        return output
    }

    /// The column ranges of `row` that differ from `old` (every column when there is no old frame), widened
    /// so that a wide character is always rewritten whole, and merged when only a few cells apart.
    private func changedRuns(row: Int, frame: ScreenBuffer, old: ScreenBuffer?) -> [Range<Int>] {
        let width = frame.size.width
        guard let old else { return width > 0 ? [0..<width] : [] }
        var runs: [Range<Int>] = []
        var column = 0
        while column < width {
            guard frame[column, row] != old[column, row] else { column += 1; continue }
            var start = column
            if frame[start, row].isContinuation && start > 0 { start -= 1 }
            var end = column + 1
            while end < width && (frame[end, row] != old[end, row] || frame[end, row].isContinuation) { end += 1 }
            if let last = runs.last, start - last.upperBound <= 4 {
                runs[runs.count - 1] = last.lowerBound..<end
            } else {
                runs.append(start..<end)
            }
            column = end
        }
        return runs
    }
}
