/// What strata writes for its own symbols (`›`, `·`, `…`, box and block drawing, braille, arrows) where the
/// locale says the terminal can't show UTF-8 (`LANG=C`): one ASCII character for one, so that a screen's
/// layout is kept cell for cell. Any other character is left as it is.
public enum ASCIIStandIns {
    /// Whether the locale writes UTF-8: the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not
    /// empty decides (`C`, `POSIX` and `en_US.ISO-8859-1` don't; `C.UTF-8` and `en_US.utf8` do). With none
    /// set, UTF-8, as before: nothing says otherwise.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return true
        }
        let name = locale.lowercased()
        return name.contains("utf-8") || name.contains("utf8")
    }

    /// `character`'s stand-in, or `character` itself when it is ASCII or has none.
    public static func character(_ character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first, !scalar.isASCII else { return character }
        if (0x2801...0x28FF).contains(scalar.value) { return "*" }  // braille dots (a map, a spinner)
        return table[character] ?? character
    }

    /// `text` with every symbol replaced by its stand-in.
    public static func replacing(_ text: String) -> String {
        text.contains(where: { !$0.isASCII }) ? String(text.map(character)) : text
    }

    private static let table: [Character: Character] = [
        "›": ">", "‹": "<", "·": "-", "…": ".", "—": "-", "–": "-", "“": "\"", "”": "\"", "‘": "'", "’": "'",
        "↑": "^", "↓": "v", "←": "<", "→": ">", "▶": ">", "×": "x", "°": " ", "•": "*", "\u{2800}": " ",
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
        "█": "#", "░": ".", "▀": "\"", "▄": "=", "▁": "_", "▂": ".", "▃": "-", "▅": "+", "▆": "*", "▇": "%",
    ]
}
