/// Every reply a local user received, kept so they can read it again.
public protocol ReplyHistoryRepository: Sendable {
    func add(_ entry: HistoryEntry, userID: String) async throws
    /// The user's replies, newest first.
    func entries(userID: String) async throws -> [HistoryEntry]
    /// Deletes the user's replies.
    func forget(userID: String) async throws
}
