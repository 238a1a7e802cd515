/// A trouble reframed in a persona's voice.
public struct Reply: Sendable, Hashable {
    public var personaID: String
    public var text: String
    /// Whether the model stopped because it reached its length limit, so the text ends mid-thought.
    public var isTruncated: Bool

    public init(personaID: String, text: String, isTruncated: Bool = false) {
        self.personaID = personaID
        self.text = text
        self.isTruncated = isTruncated
    }
}

/// A piece of a reply as it streams in.
public struct ReplyDelta: Sendable, Hashable {
    public var text: String
    /// Set on the piece that reports the model hit its length limit.
    public var isTruncated: Bool

    public init(text: String, isTruncated: Bool = false) {
        self.text = text
        self.isTruncated = isTruncated
    }
}
