import Foundation
import GptDomain
import GptTesting
import Testing

struct FetchUsageUseCaseTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    @Test func reportsTodaysUsesAndTheNextLocalMidnight() async throws {
        let day = CalendarDay(year: 2026, month: 3, day: 11)
        let usage = InMemoryUsageRepository(users: [User(id: "mina", name: "mina", usedCount: 4, lastUsedDate: day)])
        let useCase = DefaultFetchUsageUseCase(repository: usage, policy: DailyUsagePolicy(limit: 10, timeZone: seoul),
                                               userID: "mina", now: { .utc(2026, 3, 10, 16) })
        #expect(try await useCase.execute() == Usage(used: 4, limit: 10, resetsAt: .utc(2026, 3, 11, 15)))
    }

    @Test func yesterdaysUsesCountAsNone() async throws {
        let usage = InMemoryUsageRepository(users: [User(id: "mina", name: "mina", usedCount: 10,
                                                         lastUsedDate: CalendarDay(year: 2026, month: 3, day: 10))])
        let useCase = DefaultFetchUsageUseCase(repository: usage, policy: DailyUsagePolicy(limit: 10, timeZone: seoul),
                                               userID: "mina", now: { .utc(2026, 3, 10, 15) })
        let today = try await useCase.execute()
        #expect(today.used == 0)
        #expect(!today.isExhausted)
    }

    @Test func aReadFailureSaysUsageIsUnavailable() async throws {
        let usage = InMemoryUsageRepository(readFailure: .init("database is locked"))
        let useCase = DefaultFetchUsageUseCase(repository: usage, policy: DailyUsagePolicy(), userID: "mina", now: { Date() })
        await #expect(throws: GptError.usageUnavailable("database is locked")) { try await useCase.execute() }
    }
}
