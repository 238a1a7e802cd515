/// The replies received so far, newest first.
public protocol FetchReplyHistoryUseCase: Sendable {
    func execute() async throws -> [HistoryEntry]
}

public struct DefaultFetchReplyHistoryUseCase: FetchReplyHistoryUseCase {
    private let history: any ReplyHistoryRepository
    private let userID: String

    public init(history: any ReplyHistoryRepository, userID: String) {
        self.history = history
        self.userID = userID
    }

    public func execute() async throws -> [HistoryEntry] { try await history.entries(userID: userID) }
}

/// LuckyVicky's "delete account": the user's history and uses go. (Asking first is the caller's part.)
public protocol ForgetUserUseCase: Sendable {
    func execute() async throws
}

public struct DefaultForgetUserUseCase: ForgetUserUseCase {
    private let history: any ReplyHistoryRepository
    private let usage: any UsageRepository
    private let userID: String

    public init(history: any ReplyHistoryRepository, usage: any UsageRepository, userID: String) {
        self.history = history
        self.usage = usage
        self.userID = userID
    }

    public func execute() async throws {
        try await history.forget(userID: userID)
        try await usage.forget(userID: userID)
    }
}
