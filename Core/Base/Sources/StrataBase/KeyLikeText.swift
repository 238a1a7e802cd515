/// Words in text from outside that look like keys, so that a server's message never shows one, even in part.
///
/// OpenAI answers a wrong key with "Incorrect API key provided: sk-abc***xyz": not the key ``SecretMask``
/// knows, but enough of it to matter. A word is key-like when it
/// - is masked in part (`sk-abc***xyz`: two `*` or more between letters or digits; not `**bold**`),
/// - starts as well-known keys and tokens do (`sk-`, `ghp_`, `xoxb-`, `AKIA`, a JWT's `eyJ`, …), or
/// - holds a run of 32 letters and digits or more, with both in it (a TMDB key's 32 hex digits), which
///   ordinary words, numbers, ids cut by dashes (UUIDs) and most request or organization ids don't.
public enum KeyLikeText {
    /// `text` with each key-like word replaced by ``SecretMask/replacement``; the rest, and a word's final
    /// punctuation, as they were.
    public static func redacting(_ text: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            var kept = word[...]
            while let last = kept.last, last == "." || last == "-" { kept.removeLast() }
            result += isKeyLike(kept) ? SecretMask.replacement + word.dropFirst(kept.count) : word
            word = ""
        }
        for character in text {
            if isWordCharacter(character) {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// Whether `word` (letters, digits and `-_.*~`) looks like a key or token, or part of one.
    public static func isKeyLike(_ word: Substring) -> Bool {
        guard word.count >= 8 else { return false }
        let alphanumerics = word.filter(isAlphanumeric).count
        if isMaskedInPart(word) { return true }
        if prefixes.contains(where: { word.hasPrefix($0) }), alphanumerics >= 8 { return true }
        return longestMixedRun(word) >= 32
    }

    private static let prefixes = [
        "sk-", "sk_", "pk_", "rk_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
        "xoxb-", "xoxp-", "xoxa-", "xoxs-", "glpat-", "hf_", "AKIA", "ASIA", "AIza", "eyJ",
    ]

    private static func isWordCharacter(_ character: Character) -> Bool {
        isAlphanumeric(character) || "-_.*~".contains(character)
    }

    private static func isAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    /// Whether two `*` or more stand between letters or digits: `sk-abc***xyz`, not `**Note**`.
    private static func isMaskedInPart(_ word: Substring) -> Bool {
        guard let stars = word.firstRange(of: "**") else { return false }
        return word[..<stars.lowerBound].contains(where: isAlphanumeric)
            && word[stars.upperBound...].drop { $0 == "*" }.contains(where: isAlphanumeric)
    }

    /// The length of the longest run of ASCII letters and digits that holds both.
    private static func longestMixedRun(_ word: Substring) -> Int {
        var longest = 0, length = 0, letters = false, digits = false
        for character in word {
            if isAlphanumeric(character) {
                length += 1
                letters = letters || character.isLetter
                digits = digits || character.isNumber
                if letters && digits { longest = max(longest, length) }
            } else {
                length = 0
                letters = false
                digits = false
            }
        }
        return longest
    }
}
