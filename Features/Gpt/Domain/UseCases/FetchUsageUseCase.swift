import Foundation

/// Today's uses of the local user, out of the daily limit.
public protocol FetchUsageUseCase: Sendable {
    func execute() async throws(GptError) -> Usage
}

public struct DefaultFetchUsageUseCase: FetchUsageUseCase {
    private let repository: any UsageRepository
    private let policy: DailyUsagePolicy
    private let userID: String
    private let now: @Sendable () -> Date

    public init(
        repository: any UsageRepository, policy: DailyUsagePolicy, userID: String,
        now: @escaping @Sendable () -> Date
    ) {
        self.repository = repository
        self.policy = policy
        self.userID = userID
        self.now = now
    }

    public func execute() async throws(GptError) -> Usage {
        let date = now()
        let today = policy.day(at: date)
        do {
            return policy.usage(try await repository.uses(userID: userID, on: today, at: date), on: today)
        } catch {
            throw .usageUnavailable(String(describing: error))
        }
    }
}
