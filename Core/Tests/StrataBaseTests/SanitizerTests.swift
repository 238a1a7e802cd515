import Testing
import Foundation
import StrataBase

@Suite struct SanitizerTests {
    @Test func leavesOrdinaryTextAlone() {
        #expect(Sanitizer.sanitize("Amélie (2001) 🎬 한국") == "Amélie (2001) 🎬 한국")
    }

    @Test func removesColourAndCursorSequences() {
        #expect(Sanitizer.sanitize("\u{1B}[31mred\u{1B}[0m \u{1B}[2J\u{1B}[10;10Hmoved") == "red moved")
    }

    @Test func removesWindowTitleAndClipboardSequences() {
        #expect(Sanitizer.sanitize("a\u{1B}]0;pwned\u{07}b") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}]52;c;ZXZpbA==\u{1B}\\b") == "ab")
        #expect(Sanitizer.sanitize("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b") == "ab")
    }

    @Test func removesEightBitControlSequences() {
        #expect(Sanitizer.sanitize("a\u{9B}31mb\u{9D}0;title\u{9C}c\u{85}d") == "abcd")
    }

    @Test func turnsLineBreaksAndTabsIntoSpacesAndDropsOtherControls() {
        #expect(Sanitizer.sanitize("line1\nline2\r\tx\u{07}\u{08}\u{7F}y") == "line1 line2  xy")
    }

    @Test func removesBidirectionalOverrides() {
        #expect(Sanitizer.sanitize("file\u{202E}gnp.exe") == "filegnp.exe")
    }
    
    /// Hostile inputs, each with what a terminal must be shown instead.
    static let hostile: [(name: String, input: String, lines: String)] = [
        ("CSI that clears the screen", "Parasite Test \u{1B}[2J", "Parasite Test "),
        ("CSI with parameters and intermediates", "a\u{1B}[?1049;2 qb", "ab"),
        ("OSC ended by BEL", "title\u{1B}]0;pwned\u{07}!", "title!"),
        ("OSC ended by ST", "clip\u{1B}]52;c;ZXZpbA==\u{1B}\\!", "clip!"),
        ("DCS", "x\u{1B}Pq#0;2;0;0;0\u{1B}\\y", "xy"),
        ("8-bit CSI in UTF-8", "a\u{9B}31mb", "ab"),
        ("8-bit OSC and ST in UTF-8", "a\u{9D}0;t\u{9C}b", "ab"),
        ("NEL and other C1 controls", "a\u{85}b\u{8D}c", "abc"),
        ("bare ESC at the end", "end\u{1B}", "end"),
        ("bare ESC before a letter", "a\u{1B}cb", "ab"),
        ("BEL, backspace and DEL", "a\u{07}\u{08}b\u{7F}", "ab"),
        ("a CR that would overwrite the line", "safe\rEVIL", "safeEVIL"),
        ("bidirectional override", "file\u{202E}gnp.exe", "filegnp.exe"),
    ]

    @Test func commandLineOutputKeepsLinesAndTabsButNoControls() {
        for sample in Self.hostile {
            let clean = Sanitizer.sanitizeLines(sample.input)
            #expect(clean == sample.lines, "\(sample.name)")
            #expect(!clean.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) }, "\(sample.name)")
        }
        #expect(Sanitizer.sanitizeLines("one\ttwo\r\nthree\n") == "one\ttwo\nthree\n")
    }

    @Test func jsonOutputEscapesEveryControlAndMeansTheSameText() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        for sample in Self.hostile {
            let json = Sanitizer.escapingJSON(String(decoding: try encoder.encode(["title": sample.input]), as: UTF8.self))
            #expect(!json.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) },
                    "\(sample.name): \(json)")
            let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            #expect(decoded["title"] == sample.input, "\(sample.name)")
        }
    }

    @Test func aLoneSurrogateFromAServerBecomesAReplacementCharacterInsteadOfFailingTheDocument() throws {
        // JSON may spell half a surrogate pair; JSONDecoder refuses the whole document for it.
        let wire = Data(#"{"a": "half \ud83d pair \u001b[2J", "b": "\udc00\"\\ud800", "c": "ok \ud83d\ude00", "d": "\u0041"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String: String].self, from: wire) }
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(JSONSurrogates.repairing(Array(wire))))
        #expect(decoded["a"] == "half \u{FFFD} pair \u{1B}[2J")
        #expect(decoded["b"] == "\u{FFFD}\"\\ud800")  // an escaped backslash is not an escape
        #expect(decoded["c"] == "ok 😀")
        #expect(decoded["d"] == "A")
        #expect(Sanitizer.sanitizeLines(decoded["a"]!) == "half \u{FFFD} pair ")
    }
}
