import Foundation
import GptData
import GptDomain
import StrataStorage
import Testing

struct SQLiteUsageRepositoryTests {
    let monday = CalendarDay(year: 2026, month: 3, day: 9)
    let tuesday = CalendarDay(year: 2026, month: 3, day: 10)

    func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-usage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("gpt.sqlite")
    }

    let now = Date(timeIntervalSince1970: 1_773_100_000)

    @Test func anUnknownUserHasNoUses() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory())
        #expect(try await repository.uses(userID: "mina", on: monday, at: now) == 0)
    }

    @Test func reservationsStopAtTheLimitAndConfirmedUsesCountOnTheirDayOnly() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory())
        let first = try #require(try await repository.reserveUse(userID: "mina", on: monday, limit: 2, at: now))
        let second = try #require(try await repository.reserveUse(userID: "mina", on: monday, limit: 2, at: now))
        #expect(try await repository.reserveUse(userID: "mina", on: monday, limit: 2, at: now) == nil, "a held use counts")
        #expect(try await repository.confirm(first) == 1)
        #expect(try await repository.confirm(second) == 2)
        #expect(try await repository.uses(userID: "mina", on: tuesday, at: now) == 0)
        #expect(try await repository.uses(userID: "jun", on: monday, at: now) == 0)
    }

    @Test func aReleasedUseCostsNothing() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory())
        let held = try #require(try await repository.reserveUse(userID: "mina", on: monday, limit: 1, at: now))
        try await repository.release(held)
        #expect(try await repository.uses(userID: "mina", on: monday, at: now) == 0)
        #expect(try await repository.reserveUse(userID: "mina", on: monday, limit: 1, at: now) != nil)
    }

    @Test func aReservationWhoseProcessDiedStopsCountingAfterItsLifetime() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory(), reservationLifetime: 60)
        _ = try #require(try await repository.reserveUse(userID: "mina", on: monday, limit: 1, at: now))
        #expect(try await repository.reserveUse(userID: "mina", on: monday, limit: 1, at: now.addingTimeInterval(59)) == nil)
        #expect(try await repository.reserveUse(userID: "mina", on: monday, limit: 1, at: now.addingTimeInterval(61)) != nil)
    }

    /// LuckyVicky counts a use on the day it was checked: a reply that arrives after midnight counts on
    /// the day before, and the uses made after midnight keep their count.
    @Test func aUseCheckedBeforeMidnightAndConfirmedAfterItNeverLowersTheNewDaysCount() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory())
        let beforeMidnight = try #require(try await repository.reserveUse(userID: "mina", on: monday, limit: 10, at: now))
        for _ in 0..<2 {
            let afterMidnight = try #require(try await repository.reserveUse(userID: "mina", on: tuesday, limit: 10, at: now))
            _ = try await repository.confirm(afterMidnight)
        }

        #expect(try await repository.confirm(beforeMidnight) == 1)

        #expect(try await repository.uses(userID: "mina", on: monday, at: now) == 1)
        #expect(try await repository.uses(userID: "mina", on: tuesday, at: now) == 2)
    }

    @Test func usesSurviveReopeningTheFile() async throws {
        let file = try temporaryFile()
        let writer = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        _ = try await writer.confirm(try #require(try await writer.reserveUse(userID: "mina", on: monday, limit: 10, at: now)))
        let reopened = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        #expect(try await reopened.uses(userID: "mina", on: monday, at: now) == 1)
    }

    @Test func twoConnectionsRacingForTheLastUsesGetExactlyThatMany() async throws {
        // Two connections on one file stand for two `strata` processes; 5 uses are left of 8.
        let file = try temporaryFile()
        let first = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        let second = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        for _ in 0..<3 { _ = try await first.confirm(try #require(try await first.reserveUse(userID: "mina", on: monday, limit: 8, at: now))) }

        let granted = try await withThrowingTaskGroup(of: Int.self) { group in
            for repository in [first, second] {
                group.addTask {
                    var granted = 0
                    for _ in 0..<40 {
                        if let held = try await repository.reserveUse(userID: "mina", on: monday, limit: 8, at: now) {
                            _ = try await repository.confirm(held)
                            granted += 1
                        }
                    }
                    return granted
                }
            }
            return try await group.reduce(0, +)
        }

        #expect(granted == 5)
        #expect(try await second.uses(userID: "mina", on: monday, at: now) == 8)
    }
}

extension SQLiteUsageRepositoryTests {
    @Test func theSchemaStepsRunAgainWithoutFailingAndKeepTheOldCountAsUsesOnItsDay() async throws {
        // Two processes opening a new file together both read schema version 0; the second then runs step 1
        // after the first committed it. Same state here: the table exists, and this connection saw version 0.
        // Version 1 kept one count per user; version 2 turns it into that many uses on its day.
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE gpt_users (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, used_count INTEGER NOT NULL DEFAULT 0, last_used_day TEXT)")
        try database.execute("INSERT INTO gpt_users VALUES ('mina', 'mina', 3, '2026-03-09')")

        let repository = try SQLiteUsageRepository(database: database)

        #expect(try database.schemaVersion() == 3)
        #expect(try await repository.uses(userID: "mina", on: monday, at: now) == 3)
    }
}
