import FoundationEssentials
import StrataBase

/// Which names hold secrets and how secrets are kept out of sight: `config check` redacts them, and the
/// values the host can find (secret settings, passwords in URLs, environment variables named like keys) go
/// into ``SecretMask``, so no message strata prints can show them.
enum Secrets {
    /// The last word of a secret's name (`openaiKey`, `X-Api-Key`, `GITHUB_TOKEN`, `tokens`).
    private static let secretLastWords: Set<String> = [
        "key", "keys", "apikey", "secret", "secrets", "token", "tokens", "password", "passwords", "passwd", "pass",
        "passphrase", "auth", "authorization", "bearer", "credential", "credentials", "cookie", "cookies",
    ]
    /// Words that make any name a secret's, wherever they stand (`secretAccessKey`, `tokenValue`).
    private static let secretWords: Set<String> = ["secret", "secrets", "password", "passwd", "passphrase", "bearer", "token", "tokens", "credentials"]

    /// Whether a setting or variable named `name` holds a secret, by its words: `apiKey`, `secretKey`,
    /// `X-Api-Key`, `AWS_SECRET_ACCESS_KEY`, `passwd` and `auth` do; `apiKeyEnvironment` (which names a
    /// variable), `SSH_AUTH_SOCK` and `PWD` (the current folder) don't.
    static func isSecretName(_ name: String) -> Bool {
        let words = self.words(name)
        guard let last = words.last else { return false }
        return secretLastWords.contains(last) || words.contains(where: secretWords.contains)
    }

    /// `openaiKey` → `["openai", "key"]`; `X-Api-Key` → `["x", "api", "key"]`; `GITHUB_TOKEN` → `["github", "token"]`;
    /// `XMLToken` → `["xml", "token"]`.
    static func words(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, index > 0, !current.isEmpty {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current += character.lowercased()
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `text` with the user information of every URL in it (`https://user:pw@host`) replaced by `••••`.
    static func redactingUserinfo(_ text: String) -> String {
        var result = text
        for range in userinfoRanges(in: text).reversed() { result.replaceSubrange(range, with: SecretMask.replacement) }
        return result
    }

    /// The user information of every URL in `text`, in full and as its password alone.
    static func userinfo(in text: String) -> [String] {
        userinfoRanges(in: text).flatMap { range -> [String] in
            let userinfo = text[range]
            guard let colon = userinfo.firstIndex(of: ":") else { return [String(userinfo)] }
            return [String(userinfo), String(userinfo[userinfo.index(after: colon)...])]
        }
    }

    /// Where the `user:password` of each `scheme://user:password@host` in `text` is.
    private static func userinfoRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var rest = text[...]
        while let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { "/?# \"'".contains($0) } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") { ranges.append(rest.startIndex..<at) }
        }
        return ranges
    }

    /// `value` with every secret replaced by `"••••"`: the values of keys named like secrets, of the keys in
    /// `declared` (settings a descriptor marks secret), and the user information of URLs.
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
        case .string(let text): return .string(redactingUserinfo(text))
        default: return value
        }
    }

    /// Every secret value the host can find: in the config (as ``redacting(_:declared:)`` would hide them),
    /// and in the environment, the values of variables named like secrets (`OPENAI_API_KEY`).
    static func values(in config: StrataConfig, declared: [String: Set<String>], environment: [String: String]) -> [String] {
        var found = environment.filter { isSecretName($0.key) }.map(\.value)
        func collect(_ value: JSONValue, declared: Set<String>) {
            switch value {
            case .object(let fields):
                for (key, field) in fields {
                    if declared.contains(key) || isSecretName(key) { found += leaves(field) } else { collect(field, declared: []) }
                }
            case .array(let items): items.forEach { collect($0, declared: []) }
            case .string(let text): found += userinfo(in: text)
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
        }
    }
}
