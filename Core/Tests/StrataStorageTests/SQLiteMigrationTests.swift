import Foundation
import StrataStorage
import Synchronization
import Testing

@Suite struct SQLiteMigrationTests {
    final class CallCounter: Sendable {
        private let count = Atomic<Int>(0)
        func increment() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    static let createMovies = SQLiteMigration(version: 1, sql: "CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
    static let addYear = SQLiteMigration(version: 2, sql: "ALTER TABLE movies ADD COLUMN year INTEGER; CREATE INDEX movies_year ON movies (year)")

    @Test func migrationsApplyInVersionOrderOnceAndRecordTheVersion() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite").path
        let counter = CallCounter()
        let seed = SQLiteMigration(version: 3) { transaction in
            counter.increment()
            try transaction.execute("INSERT INTO movies (title, year) VALUES (?, ?)", ["Dune", 2021])
        }
        let steps = [seed, Self.addYear, Self.createMovies]

        try SQLiteDatabase(path: path).migrate(steps)
        let reopened = try SQLiteDatabase(path: path)
        try reopened.migrate(steps)

        #expect(try reopened.schemaVersion() == 3)
        #expect(counter.value == 1)
        #expect(try reopened.query("SELECT title, year FROM movies").map { "\(try $0.string("title")) \(try $0.int("year"))" } == ["Dune 2021"])
    }

    @Test func onlyStepsNewerThanTheRecordedVersionRun() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.migrate([Self.createMovies])
        try database.execute("INSERT INTO movies (title) VALUES ('Alien')")

        try database.migrate([Self.createMovies, Self.addYear])

        #expect(try database.schemaVersion() == 2)
        #expect(try database.query("SELECT title FROM movies").map { try $0.string("title") } == ["Alien"])
    }

    @Test func aCurrentSchemaIsCheckedWithoutWaitingForAnotherWriter() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite").path
        let writer = try SQLiteDatabase(path: path)
        try writer.migrate([Self.createMovies, Self.addYear])
        try writer.execute("BEGIN IMMEDIATE")  // another process's write transaction, held open
        defer { try? writer.execute("ROLLBACK") }

        // A reader opening the file (as `blocks list` does) while the writer works: its schema is current, so
        // it must not need the write lock, which it would wait for and then fail to get.
        let reader = try SQLiteDatabase(path: path, busyTimeout: 0.05)
        try reader.migrate([Self.createMovies, Self.addYear])

        #expect(try reader.schemaVersion() == 2)
        #expect(try reader.query("SELECT count(*) FROM movies").first?[0].int == 0)
    }

    @Test func aFailingStepIsRolledBackAndEarlierStepsStay() throws {
        let database = try SQLiteDatabase.inMemory()
        let broken = SQLiteMigration(version: 2, sql: "CREATE TABLE extra (x); ALTER TABLE nowhere ADD COLUMN y")

        #expect(throws: StorageError.self) { try database.migrate([Self.createMovies, broken]) }

        #expect(try database.schemaVersion() == 1)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'extra'").isEmpty)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'movies'").count == 1)
    }

    @Test func aSchemaNewerThanTheBuildKnowsIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite").path
        try SQLiteDatabase(path: path).execute("PRAGMA user_version = 5")
        let database = try SQLiteDatabase(path: path)

        let error = #expect(throws: StorageError.self) { try database.migrate([Self.createMovies, Self.addYear]) }

        let description = try #require(error?.description)
        #expect(description.contains("schema version 5"))
        #expect(description.contains("(2)"))
        #expect(description.contains(path))
        #expect(try database.schemaVersion() == 5)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'movies'").isEmpty)
    }
}
