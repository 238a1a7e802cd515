import FoundationEssentials
import StrataBase

/// Which names hold secrets and how secrets are kept out of sight: `config check` redacts them, and the
/// values the host can find (secret settings, passwords in URLs, environment variables named like keys) go
/// into ``SecretMask``, so no message strata prints can show them.
enum Secrets {
    /// The last word of a secret's name (`openaiKey`, `X-Api-Key`, `GITHUB_TOKEN`, `tokens`).
    private static let secretLastWords: Set<String> = [
        "key", "keys", "apikey", "secret", "secrets", "token", "tokens", "password", "passwords", "passwd", "pass", "pwd",
        "passphrase", "auth", "authorization", "bearer", "credential", "credentials", "cookie", "cookies", "jwt",
        "sig", "signature",
    ]
    /// Words that make any name a secret's, wherever they stand (`secretAccessKey`, `tokenValue`, `jwtSigned`).
    private static let secretWords: Set<String> = [
        "secret", "secrets", "password", "passwd", "passphrase", "bearer", "token", "tokens",
        "credentials", "jwt",
    ]
    /// Shell variables whose names read like a secret's but hold none: the current and the previous folder.
    private static let nonSecretVariables: Set<String> = ["PWD", "OLDPWD"]

    /// Whether a setting, query parameter or variable named `name` holds a secret, by its words: `apiKey`,
    /// `api_key`, `secretKey`, `X-Api-Key`, `AWS_SECRET_ACCESS_KEY`, `passwd`, `pwd`, `jwt` and `auth` do;
    /// `apiKeyEnvironment` (which names a variable) and `SSH_AUTH_SOCK` don't.
    static func isSecretName(_ name: String) -> Bool {
        let words = self.words(name)
        guard let last = words.last else { return false }
        return secretLastWords.contains(last) || words.contains(where: secretWords.contains)
    }

    /// Whether the environment variable `name` holds a secret: named like one, and not the shell's `PWD`
    /// or `OLDPWD` (the current folder, which every message would otherwise lose).
    static func isSecretVariable(_ name: String) -> Bool {
        isSecretName(name) && !nonSecretVariables.contains(name)
    }

    /// `openaiKey` → `["openai", "key"]`; `X-Api-Key` → `["x", "api", "key"]`; `GITHUB_TOKEN` → `["github", "token"]`;
    /// `XMLToken` → `["xml", "token"]`.
    static func words(_ name: String) -> [String] {
        // Most names (every environment variable's, checked on each run) are ASCII: judged by their bytes,
        // without a Character and a lowercased String for each letter.
        name.utf8.allSatisfy { $0 < 0x80 } ? words(of: Array(name.utf8)) : words(of: Array(name))
    }

    private static func words<Unit: NameUnit>(of units: [Unit]) -> [String] {
        var words: [String] = []
        var current = ""
        for (index, unit) in units.enumerated() {
            guard unit.isWordPart else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if unit.isUppercase, index > 0, !current.isEmpty {
                let previous = units[index - 1]
                let nextIsLower = index + 1 < units.count && units[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            unit.appendLowercased(to: &current)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `text` with the credentials of every URL in it replaced by `••••`: the user information
    /// (`https://user:pw@host`) and the values of query parameters named like secrets (`?api_key=…&page=2`).
    static func redactingURLCredentials(_ text: String) -> String {
        var result = text
        for range in credentialRanges(in: text).reversed() { result.replaceSubrange(range, with: SecretMask.replacement) }
        return result
    }

    /// The credentials of every URL in `text`: each user information in full and as its password alone,
    /// and each secret query parameter's value.
    static func urlCredentials(in text: String) -> [String] {
        credentialRanges(in: text).flatMap { range -> [String] in
            let credential = text[range]
            guard text[range.upperBound...].hasPrefix("@"), let colon = credential.firstIndex(of: ":") else { return [String(credential)] }
            return [String(credential), String(credential[credential.index(after: colon)...])]
        }
    }

    /// Where the `user:password` of each `scheme://user:password@host` in `text` is, and the value of each
    /// of its query parameters named like a secret, in order.
    private static func credentialRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var rest = text[...]
        while let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
            let urlEnd = rest.firstIndex { " \"'<>\n\t".contains($0) } ?? rest.endIndex
            let authorityEnd = rest[..<urlEnd].firstIndex { "/?#".contains($0) } ?? urlEnd
            if let at = rest[..<authorityEnd].lastIndex(of: "@") { ranges.append(rest.startIndex..<at) }
            guard let question = rest[authorityEnd..<urlEnd].firstIndex(of: "?") else { continue }
            let queryEnd = rest[question..<urlEnd].firstIndex(of: "#") ?? urlEnd
            var parameter = rest.index(after: question)
            while parameter < queryEnd {
                let end = rest[parameter..<queryEnd].firstIndex { $0 == "&" || $0 == ";" } ?? queryEnd
                if let equals = rest[parameter..<end].firstIndex(of: "="), case let name = String(rest[parameter..<equals]),
                    isSecretName(percentDecoded(name))
                {
                    let value = rest.index(after: equals)..<end
                    if !value.isEmpty { ranges.append(value) }
                }
                parameter = end < queryEnd ? rest.index(after: end) : queryEnd
            }
        }
        return ranges
    }

    /// `text` with its `%XX` escapes decoded (`api%5Fkey` is `api_key`); a `%` not followed by two hex digits stays.
    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` with every secret replaced by `"••••"`: the values of keys named like secrets, of the keys in
    /// `declared` (settings a descriptor marks secret), and the credentials of URLs.
    static func redacting(_ value: JSONValue, declared: Set<String> = []) -> JSONValue {
        switch value {
        case .object(let fields):
            var redacted: [String: JSONValue] = [:]
            for (key, field) in fields {
                let secret = declared.contains(key) || isSecretName(key)
                redacted[key] = secret && field != .null ? .string(SecretMask.replacement) : redacting(field)
            }
            return .object(redacted)
        case .array(let items): return .array(items.map { redacting($0) })
        case .string(let text): return .string(redactingURLCredentials(text))
        default: return value
        }
    }

    /// Every secret value the host can find: in the config (as ``redacting(_:declared:)`` would hide them),
    /// and in the environment, the values of variables named like secrets (`OPENAI_API_KEY`).
    static func values(in config: StrataConfig, declared: [String: Set<String>], environment: [String: String]) -> [String] {
        var found = environment.filter { isSecretVariable($0.key) }.map(\.value)
        func collect(_ value: JSONValue, declared: Set<String>) {
            switch value {
            case .object(let fields):
                for (key, field) in fields {
                    if declared.contains(key) || isSecretName(key) { found += leaves(field) } else { collect(field, declared: []) }
                }
            case .array(let items): items.forEach { collect($0, declared: []) }
            case .string(let text): found += urlCredentials(in: text)
            default: break
            }
        }
        for (id, feature) in config.features {
            if let settings = feature.settings { collect(settings, declared: declared[id] ?? []) }
        }
        return found
    }

    private static func leaves(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .number, .bool, .null: []
        case .array(let items): items.flatMap(leaves)
        case .object(let fields): fields.values.flatMap(leaves)
        @unknown default: []  // a kind of value a later SDK adds (its enums are resilient) holds no text this one knows
        }
    }
}

/// One unit of a name that ``Secrets/words(_:)`` splits: a Character, or the byte of an ASCII name (where
/// the two agree: letters are A–Z and a–z, numbers 0–9).
private protocol NameUnit {
    var isUppercase: Bool { get }
    var isLowercase: Bool { get }
    var isNumber: Bool { get }
    var isWordPart: Bool { get }
    func appendLowercased(to text: inout String)
}

extension Character: NameUnit {
    var isWordPart: Bool { isLetter || isNumber }
    func appendLowercased(to text: inout String) { text += lowercased() }
}

extension UInt8: NameUnit {
    var isUppercase: Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) }
    var isLowercase: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) }
    var isNumber: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    var isWordPart: Bool { isUppercase || isLowercase || isNumber }
    func appendLowercased(to text: inout String) { text.unicodeScalars.append(Unicode.Scalar(isUppercase ? self + 0x20 : self)) }
}
