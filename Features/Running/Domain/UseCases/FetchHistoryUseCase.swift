/// The saved runs, newest first.
public protocol FetchHistoryUseCase: Sendable {
    func execute() async throws -> [RunRecord]
}

public struct DefaultFetchHistoryUseCase: FetchHistoryUseCase {
    private let history: any RunHistoryRepository

    public init(history: any RunHistoryRepository) { self.history = history }

    public func execute() async throws -> [RunRecord] { try await history.allRuns() }
}
