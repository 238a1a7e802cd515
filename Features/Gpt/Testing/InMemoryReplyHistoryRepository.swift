import GptDomain
import Synchronization

/// Replies kept in memory, newest first; `failure` makes every `add` fail with it.
public final class InMemoryReplyHistoryRepository: ReplyHistoryRepository {
    private let kept = Mutex<[(userID: String, entry: HistoryEntry)]>([])
    private let failure: (any Error)?

    public init(_ entries: [HistoryEntry] = [], userID: String = "mina", failure: (any Error)? = nil) {
        kept.withLock { $0 = entries.map { (userID, $0) } }
        self.failure = failure
    }

    public func add(_ entry: HistoryEntry, userID: String) async throws {
        if let failure { throw failure }
        kept.withLock { $0.append((userID, entry)) }
    }

    public func entries(userID: String) async throws -> [HistoryEntry] {
        kept.withLock { kept in kept.filter { $0.userID == userID }.map(\.entry).reversed() }
            .sorted { $0.askedAt > $1.askedAt }
    }

    public func forget(userID: String) async throws {
        kept.withLock { $0.removeAll { $0.userID == userID } }
    }
}
