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

    @Test func anUnknownUserHasNoUses() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory())
        #expect(try await repository.user(id: "mina") == User(id: "mina", name: "mina"))
    }

    @Test func usesAddUpOnOneDayAndRestartOnTheNext() async throws {
        let repository = try SQLiteUsageRepository(database: .inMemory())
        _ = try await repository.recordUse(userID: "mina", on: monday)
        let second = try await repository.recordUse(userID: "mina", on: monday)
        #expect(second == User(id: "mina", name: "mina", usedCount: 2, lastUsedDate: monday))

        let next = try await repository.recordUse(userID: "mina", on: tuesday)
        #expect(next.usedCount == 1)
        #expect(next.lastUsedDate == tuesday)
        #expect(try await repository.user(id: "jun").usedCount == 0)
    }

    @Test func usesSurviveReopeningTheFile() async throws {
        let file = try temporaryFile()
        _ = try await SQLiteUsageRepository(database: SQLiteDatabase(path: file.path)).recordUse(userID: "mina", on: monday)
        let reopened = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        #expect(try await reopened.user(id: "mina") == User(id: "mina", name: "mina", usedCount: 1, lastUsedDate: monday))
    }

    @Test func twoConnectionsRecordingAtOnceLoseNoCount() async throws {
        // Two connections on one file stand for two `strata` processes.
        let file = try temporaryFile()
        let first = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        let second = try SQLiteUsageRepository(database: SQLiteDatabase(path: file.path))
        let perConnection = 40

        await withThrowingTaskGroup(of: Void.self) { group in
            for repository in [first, second] {
                group.addTask {
                    for _ in 0..<perConnection { _ = try await repository.recordUse(userID: "mina", on: monday) }
                }
            }
        }

        #expect(try await first.user(id: "mina").usedCount == 2 * perConnection)
        #expect(try await second.user(id: "mina").usedCount == 2 * perConnection)
    }
}

extension SQLiteUsageRepositoryTests {
    @Test func theSchemaStepRunsAgainWithoutFailingWhenAnotherProcessCreatedTheTableFirst() async throws {
        // Two processes opening a new file together both read schema version 0; the second then runs step 1
        // after the first committed it. Same state here: the table exists, and this connection saw version 0.
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE gpt_users (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, used_count INTEGER NOT NULL DEFAULT 0, last_used_day TEXT)")
        try database.execute("INSERT INTO gpt_users VALUES ('mina', 'mina', 1, '2026-03-09')")

        let repository = try SQLiteUsageRepository(database: database)

        #expect(try database.schemaVersion() == 1)
        #expect(try await repository.recordUse(userID: "mina", on: monday).usedCount == 2)
    }
}
