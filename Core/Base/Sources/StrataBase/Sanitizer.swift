/// Makes untrusted text (a movie title from an API, a chat reply, a file name) safe to show.
///
/// Text from data must never move the cursor, change colours, set the window title, write to the clipboard
/// or reorder what is shown. The sanitizer removes every escape sequence (CSI, OSC, DCS and the other
/// string sequences, in 7-bit and 8-bit form), every other C0 and C1 control character and DEL, and the
/// Unicode bidirectional overrides. Screens want one line (``sanitize(_:)``); command-line output keeps its
/// line breaks and tabs (``sanitizeLines(_:)``); JSON output keeps the text and escapes instead
/// (``escapingJSON(_:)``). All three hide the secrets of ``SecretMask``.
public enum Sanitizer {
    /// `text` without escape sequences and control characters, as one printable line: tabs and line
    /// breaks become spaces. The terminal kit's `Canvas` applies it to everything it draws.
    public static func sanitize(_ text: String) -> String { SecretMask.masking(clean(text, keepingLines: false)) }

    /// `text` without escape sequences and control characters, keeping its line feeds and tabs (a CR LF pair
    /// becomes a line feed; a lone CR, which could overwrite what a line showed, is dropped). Everything a
    /// command prints goes through it (`CommandInvocation.write`, the host's console, the logger).
    public static func sanitizeLines(_ text: String) -> String { SecretMask.masking(clean(text, keepingLines: true)) }

    /// JSON text as an encoder wrote it, with every control character, DEL, line separator and
    /// bidirectional override that is still raw written as a `\uXXXX` escape, so the JSON means the same
    /// and a terminal that shows it obeys nothing in it. (`JSONEncoder` escapes U+0000–U+001F itself but
    /// leaves C1 controls such as U+009B, an 8-bit CSI, raw.) These characters occur only inside strings,
    /// so escaping them never changes the document's structure.
    public static func escapingJSON(_ json: String) -> String {
        let json = SecretMask.masking(json)
        guard json.unicodeScalars.contains(where: needsWork) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsWork(scalar), scalar != "\n" else {
                output.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
        }
        return String(output)
    }

    private static func clean(_ text: String, keepingLines: Bool) -> String {
        // Most text has nothing to remove: printable ASCII, or no control character at all (a line feed or
        // a tab counts as none where lines are kept).
        func kept(_ byte: UInt8) -> Bool { (0x20..<0x7F).contains(byte) || (keepingLines && (byte == 0x0A || byte == 0x09)) }
        // Read from the string's own bytes where it has them (a native string): walking the UTF-8 view
        // byte by byte took several times longer, and every cell of a 500-row table comes through here.
        guard !(text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(kept) } ?? text.utf8.allSatisfy(kept)),
            text.unicodeScalars.contains(where: { needsWork($0) && !($0.isASCII && kept(UInt8($0.value))) })
        else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B: skipEscape(&scalars)
            case 0x9B: skipControlSequence(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipString(&scalars)
            case 0x09 where keepingLines, 0x0A where keepingLines: output.append(scalar)
            case 0x0D where keepingLines: continue
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x2028, 0x2029: output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// After `ESC`: a CSI (`ESC [`), a string sequence (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`), or a
    /// two-character sequence.
    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default: return
        }
    }

    /// Parameters and intermediates up to and including the final byte (0x40–0x7E).
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) || !(0x20...0x3F).contains(scalar.value) { return }
        }
    }

    /// Everything up to the string terminator: BEL, `ESC \` or 8-bit ST.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()
                return
            default: continue
            }
        }
    }
}
