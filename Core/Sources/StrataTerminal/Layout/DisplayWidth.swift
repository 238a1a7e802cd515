/// How many terminal cells text occupies.
///
/// A terminal draws most characters in one cell, East Asian wide characters (Hangul, Han, Kana, fullwidth
/// forms) and emoji in two, and combining marks, zero-width and control characters in none. Swift's
/// `Character` is a grapheme cluster, so a base letter with its combining accents, a Hangul syllable made of
/// jamo, a flag or a ZWJ emoji family is one `Character` and is measured as one unit.
extension Character {
    /// The number of terminal cells this character occupies: 0, 1 or 2.
    public var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if unicodeScalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return Self.width(of: first)
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x300 { return 1 }  // fast path: Latin
        // Fast path: Hangul syllables, CJK ideographs and kana, before any Unicode property lookup.
        if (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value) || (0x3041...0x30FF).contains(value) { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// Unicode East Asian Width "W" and "F" blocks (emoji with default emoji presentation are found by
    /// their property instead).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension StringProtocol {
    /// The number of terminal cells this text occupies on one line (the sum of its characters' widths).
    public var displayWidth: Int {
        // Printable ASCII, most of what is shown: one cell per byte, without breaking into characters.
        // (From the string's own bytes where it has them: walking the UTF-8 view is several times slower.)
        let printable = { (byte: UInt8) in (0x20..<0x7F).contains(byte) }
        if utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? utf8.allSatisfy(printable) { return utf8.count }
        return reduce(0) { $0 + $1.displayWidth }
    }
}
