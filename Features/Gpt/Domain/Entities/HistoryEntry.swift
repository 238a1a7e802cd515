import Foundation

/// A reply kept in the history: which persona answered which trouble, and when.
public struct HistoryEntry: Sendable, Hashable {
    public var askedAt: Date
    public var personaID: String
    /// The persona's name when it answered (a persona may be renamed or removed later).
    public var personaName: String
    public var trouble: String
    public var reply: String
    public var isTruncated: Bool

    public init(
        askedAt: Date, personaID: String, personaName: String, trouble: String, reply: String,
        isTruncated: Bool = false
    ) {
        self.askedAt = askedAt
        self.personaID = personaID
        self.personaName = personaName
        self.trouble = trouble
        self.reply = reply
        self.isTruncated = isTruncated
    }
}
