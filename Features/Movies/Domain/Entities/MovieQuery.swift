/// What a person searched for.
public struct MovieQuery: Sendable, Hashable {
    public let query: String

    public init(query: String) {
        self.query = query
    }

    /// The text without surrounding whitespace; a query whose trimmed text is empty is never searched.
    public var trimmed: String { query.trimmingCharacters(in: .whitespacesAndNewlines) }
}
