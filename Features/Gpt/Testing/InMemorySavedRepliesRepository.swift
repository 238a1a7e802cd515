import Foundation
import GptDomain

/// Saved replies kept in memory, by name; `failure` makes every save fail with it.
public final class InMemorySavedRepliesRepository: SavedRepliesRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: String] = [:]
    private let failure: SavedReplyError?

    public init(failure: SavedReplyError? = nil) { self.failure = failure }

    /// The saved texts by name.
    public var saved: [String: String] { lock.withLock { stored } }

    public func save(_ text: String, named name: String) throws(SavedReplyError) -> String {
        if let failure { throw failure }
        lock.withLock { stored[name] = text }
        return "/saved/\(name)"
    }
}
