import Foundation
import GptDomain
import StrataBase
import StrataPluginKit
import StrataRuntime
import StrataStorage
import Testing
@testable import GptPlugin

/// LuckyVicky's typed composition root: the use cases it makes share the repositories it made once, in one
/// database, read the clock it was given, and count for the user and the zone it settled on.
final class GptDIContainerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-container-\(UUID().uuidString)")
    let clock = ManualWallClock(start: Timestamp(secondsSince1970: 1_800_000_000))
    lazy var container = GptDIContainer(dependencies: .init(
        settings: GptSettings(SettingValues(["user": .string("ada"), "timeZone": .string("Asia/Seoul"), "dailyLimit": .number(3)])),
        dataDirectory: folder, libraryDirectory: nil, environment: [:],
        httpClient: {
            Issue.record("nothing here talks to the chat API")
            throw CancellationError()
        },
        databaseOpener: { SQLiteDatabaseOpener() }, wallClock: { [clock] in clock }))

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aUseTheRepositoryHoldsIsCountedByTheUseCaseThenForgotten() async throws {
        #expect(container.userID == "ada" && container.policy.timeZone.identifier == "Asia/Seoul" && container.policy.limit == 3)
        let day = container.policy.day(at: Date(timeIntervalSince1970: clock.now().secondsSince1970))
        let usage = try container.makeUsageRepository()
        let reservation = try #require(try await usage.reserveUse(userID: "ada", on: day, limit: 3, at: Date(timeIntervalSince1970: clock.now().secondsSince1970)))
        #expect(try await usage.confirm(reservation) == 1)

        let counted = try await container.makeFetchUsageUseCase().execute()
        #expect(counted.used == 1 && counted.limit == 3)
        try await container.makeForgetUserUseCase().execute()
        #expect(try await container.makeFetchUsageUseCase().execute().used == 0)
    }

    @Test func theDatabaseIsMadeOnceAndTheClockIsTheOneGiven() throws {
        #expect(try container.makeDatabase() === container.makeDatabase())
        clock.advance(by: 90)
        #expect(try container.makeNow()() == Date(timeIntervalSince1970: clock.now().secondsSince1970))
    }
}
