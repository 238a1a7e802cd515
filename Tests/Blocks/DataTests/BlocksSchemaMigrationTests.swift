import BlocksData
import BlocksDomain
import Foundation
import StrataStorage
import Testing

struct BlocksSchemaMigrationTests {
    @Test func aVersionOneFileIsMigratedKeepingItsData() throws {
        let file = try TemporaryDatabase()
        let blockID = UUID(), oddID = UUID(), dailyID = UUID()
        do {
            // What an older Strata wrote: blocks as blocks-per-day.
            let old = try file.open()
            try old.migrate([BlocksSchema.version1])
            try old.execute("INSERT INTO blocks (id, title, divideCount, createdAt) VALUES (?, ?, ?, ?)",
                            [.text(blockID.uuidString), "Deep work", 6, .real(100)])
            try old.execute("INSERT INTO blocks (id, title, divideCount, createdAt) VALUES (?, ?, ?, ?)",
                            [.text(oddID.uuidString), "Whole day", 1, .real(50)])
            try old.execute("""
                INSERT INTO dailies (id, title, startSeconds, repeatCount, focusSeconds, breakSeconds, createdAt)
                VALUES (?, 'Study', 32400, 4, 3000, 600, 200)
                """, [.text(dailyID.uuidString)])
            #expect(try old.schemaVersion() == 1)
        }
        let database = try file.open()
        let blocks = try SQLiteItemRepository<Block>(database: database)
        #expect(try database.schemaVersion() == 2)
        #expect(try blocks.fetchAll() == [
            Block(id: blockID, title: "Deep work", length: .four, createdAt: Date(timeIntervalSinceReferenceDate: 100)),
            // One block a day has no matching length; it keeps its row with the longest one.
            Block(id: oddID, title: "Whole day", length: .twelve, createdAt: Date(timeIntervalSinceReferenceDate: 50)),
        ])
        #expect(try SQLiteItemRepository<Daily>(database: database).fetch(id: dailyID).repeatCount == 4)
        // The table added by version 2 works.
        let modes = try SQLiteRunningModeRepository(database: database)
        try modes.save(RunningMode(kind: .block, itemID: blockID, startedAt: Date(timeIntervalSinceReferenceDate: 300)))
        #expect(try modes.load()?.itemID == blockID)
    }

    @Test func migratingTwiceChangesNothing() throws {
        let file = try TemporaryDatabase()
        let repository = try SQLiteItemRepository<FocusTimer>(database: file.open())
        try repository.create(FocusTimer(title: "Tea", durationSeconds: 180, createdAt: Date()))
        let again = try SQLiteItemRepository<FocusTimer>(database: file.open())
        #expect(try again.fetchAll().map(\.title) == ["Tea"])
    }

    @Test func aFileFromANewerStrataIsRefusedWithAReadableError() throws {
        let file = try TemporaryDatabase()
        try file.open().execute("PRAGMA user_version = 99")
        do {
            _ = try SQLiteItemRepository<Block>(database: file.open())
            Issue.record("a newer schema was accepted")
        } catch let error as StorageError {
            #expect(error.description.contains("newer"))
        }
    }
}
