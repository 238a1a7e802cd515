import GptDomain
import Synchronization

/// Usage kept in memory. Recording can be made to fail, and every call is logged so a test can tell
/// whether a use was recorded.
public final class InMemoryUsageRepository: UsageRepository {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    private struct State {
        var users: [String: User]
        var recordFailure: Failure?
        var readFailure: Failure?
        var recordCalls = 0
    }

    private let state: Mutex<State>

    public init(users: [User] = [], recordFailure: Failure? = nil, readFailure: Failure? = nil) {
        state = Mutex(State(users: Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { $1 }),
                            recordFailure: recordFailure, readFailure: readFailure))
    }

    /// How many times `recordUse` was called (failed calls included).
    public var recordCalls: Int { state.withLock { $0.recordCalls } }

    /// The stored user, if any.
    public func stored(_ id: String) -> User? { state.withLock { $0.users[id] } }

    public func user(id: String) async throws -> User {
        try state.withLock { state in
            if let failure = state.readFailure { throw failure }
            return state.users[id] ?? User(id: id, name: id)
        }
    }

    public func recordUse(userID: String, on day: CalendarDay) async throws -> User {
        try state.withLock { state in
            state.recordCalls += 1
            if let failure = state.recordFailure { throw failure }
            var user = state.users[userID] ?? User(id: userID, name: userID)
            user.usedCount = user.uses(on: day) + 1
            user.lastUsedDate = day
            state.users[userID] = user
            return user
        }
    }
}
