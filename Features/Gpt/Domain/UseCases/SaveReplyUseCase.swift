/// Keeps a reply the person wants to read again.
public protocol SaveReplyUseCase: Sendable {
    /// Saves `text` as `name`; returns where it went.
    func execute(text: String, name: String) throws(SavedReplyError) -> String
}

public struct DefaultSaveReplyUseCase: SaveReplyUseCase {
    private let replies: any SavedRepliesRepository

    public init(replies: any SavedRepliesRepository) { self.replies = replies }

    public func execute(text: String, name: String) throws(SavedReplyError) -> String {
        try replies.save(text, named: name)
    }
}
