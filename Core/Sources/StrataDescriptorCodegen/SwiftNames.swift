/// Swift names and literals made from a descriptor's words, for the typed code generated from `plugin.json`.
enum SwiftNames {
    /// A property name: `--mate-track` → `mateTrack`, `FILE` → `file`, `weightKg` → `weightKg`, `--break` →
    /// `` `break` ``; `nil` when the name has no letter to start with.
    static func property(_ declared: String) -> String? {
        let words = split(declared)
        guard let first = words.first, first.first?.isLetter == true else { return nil }
        // A key already in camel case (`weightKg`) keeps its capitals; a shouted one (`FILE`) is lowered.
        let head = words.count == 1 && first != first.uppercased() ? first : first.lowercased()
        let name = head + words.dropFirst().map(capitalized).joined()
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A type name: `["running", "import"]` + `Command` → `RunningImportCommand`; `nil` when a word has no
    /// letter to start with.
    static func type(_ words: [String], suffix: String) -> String? {
        let parts = words.flatMap(split)
        guard parts.first?.first?.isLetter == true else { return nil }
        return parts.map(capitalized).joined() + suffix
    }

    /// `text` as a Swift string literal, quotes included; every character that could end or bend it escaped.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value):
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }

    /// `text` on one line, for a `///` comment: control characters and line breaks become spaces.
    static func comment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value)
                        || (0x2028...0x2029).contains($0.value) ? " " : $0
                }))
    }

    /// A number as a Swift literal of a `Double` (`65`, `0.5`).
    static func number(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? "\(value)"
    }

    /// The words of a declared name: split at every character that is not an ASCII letter or digit.
    private static func split(_ name: String) -> [String] {
        name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + (word == word.uppercased() ? word.dropFirst().lowercased() : String(word.dropFirst()))
    }

    /// Swift's keywords, which a property named by one must be written in backticks.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "await", "consume", "copy", "discard", "each",
        "borrowing", "consuming", "some", "any", "Type", "Protocol",
    ]
}
