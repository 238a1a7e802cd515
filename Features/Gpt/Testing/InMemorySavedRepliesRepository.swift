import Foundation
import GptDomain
import Synchronization

/// Saved replies kept in memory, by name; `failure` makes every save fail with it.
public final class InMemorySavedRepliesRepository: SavedRepliesRepository, Sendable {
    private let stored = Mutex<[String: String]>([:])
    private let failure: SavedReplyError?

    public init(failure: SavedReplyError? = nil) { self.failure = failure }

    /// The saved texts by name.
    public var saved: [String: String] { stored.withLock { $0 } }

    public func save(_ text: String, named name: String) throws(SavedReplyError) -> String {
        if let failure { throw failure }
        stored.withLock { $0[name] = text }
        return "/saved/\(name)"
    }
}
