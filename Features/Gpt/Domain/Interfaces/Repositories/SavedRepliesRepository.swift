/// Where the replies a person chose to keep are saved.
public protocol SavedRepliesRepository: Sendable {
    /// Saves `text` as `name`; returns where it went, for the person to open.
    /// - Throws: `SavedReplyError` naming where it could not be written.
    func save(_ text: String, named name: String) throws(SavedReplyError) -> String
}

/// Why a reply couldn't be saved, as data: where, and the system's reason.
public struct SavedReplyError: Error, Sendable, Equatable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
