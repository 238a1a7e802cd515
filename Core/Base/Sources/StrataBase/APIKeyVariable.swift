/// Which environment variable a setting may name as the one holding an API key (`apiKeyEnvironment`).
public enum APIKeyVariable {
    /// What the rule asks, in words for a message: "an environment variable whose name ends in _API_KEY or _TOKEN".
    public static let rule = "an environment variable whose name ends in _API_KEY or _TOKEN"

    /// Whether `name` is an environment variable name (letters, digits and `_`, not starting with a digit)
    /// that ends in `_API_KEY` or `_TOKEN`: only a variable named for a key, so that no setting can send
    /// another of the user's secrets (`AWS_SECRET_ACCESS_KEY`, `PGPASSWORD`) to a server.
    public static func mayHoldKey(_ name: String) -> Bool {
        let isName = name.first.map { !$0.isNumber } == true && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        return isName && ["_API_KEY", "_TOKEN"].contains { name.count > $0.count && name.hasSuffix($0) }
    }
}
