import Foundation
import StrataStorage
import Testing

@Suite struct SQLiteDatabaseTests {
    @Test func theOpenerCreatesTheFolderAndOpensTheFileInWALMode() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("movies/nested/movies.sqlite")

        let database = try SQLiteDatabaseOpener().open(url)
        try database.execute("CREATE TABLE t (x INTEGER)")

        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(database.path == url.path)
        #expect(try database.query("PRAGMA journal_mode").first?[0].string == "wal")
        #expect(try database.query("PRAGMA foreign_keys").first?[0].int == 1)
    }

    @Test func boundParametersStayDataEvenWhenTheyLookLikeSQL() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        let titles = [
            "Robert'); DROP TABLE movies; --",
            #"The "Quoted" Title"#,
            "L'Avventura",
            "'; DELETE FROM movies WHERE '1'='1",
            "Amélie — 🎬",
        ]

        for title in titles { try database.execute("INSERT INTO movies (title) VALUES (?)", [.text(title)]) }

        #expect(try database.query("SELECT title FROM movies ORDER BY id").map { try $0.string("title") } == titles)
        let found = try database.query("SELECT id FROM movies WHERE title = ?", ["'; DELETE FROM movies WHERE '1'='1"])
        #expect(try found.map { try $0.int("id") } == [4])
    }

    @Test func everyValueKindRoundTrips() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (a, b, c, d, e)")
        let values: [SQLiteValue] = [.null, .integer(Int64.max), .real(-2.5), .text("zoë"), .blob([0, 255, 7, 0])]

        try database.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        let row = try #require(try database.query("SELECT a, b, c, d, e FROM t").first)

        #expect(row.values == values)
        #expect(row.columns == ["a", "b", "c", "d", "e"])
        #expect(try row.optionalString("a") == nil)
        #expect(try row.int64("b") == Int64.max)
        #expect(try row.double("c") == -2.5)
        #expect(try row.string("d") == "zoë")
    }

    @Test func aWrongParameterCountIsAnErrorNamingTheStatement() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (a, b)")

        let error = #expect(throws: StorageError.self) { try database.execute("INSERT INTO t VALUES (?, ?)", [1]) }

        #expect(error?.sql == "INSERT INTO t VALUES (?, ?)")
        #expect(error?.message.contains("2 parameters but 1") == true)
    }

    @Test func storageErrorNamesTheSQLAndTheFile() throws {
        let folder = try TemporaryFolder()
        let database = try SQLiteDatabase(path: folder.file("broken.sqlite").path)

        let error = #expect(throws: StorageError.self) { try database.query("SELECT title FROM nowhere WHERE id = ?", [1]) }

        let description = try #require(error?.description)
        #expect(error?.sql == "SELECT title FROM nowhere WHERE id = ?")
        #expect(description.contains("SELECT title FROM nowhere WHERE id = ?"))
        #expect(description.contains(folder.file("broken.sqlite").path))
        #expect(description.contains("no such table: nowhere"))
    }

    @Test func aConstraintViolationCarriesSQLitesCode() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try database.execute("INSERT INTO t VALUES (1)")

        let error = #expect(throws: StorageError.self) { try database.execute("INSERT INTO t VALUES (1)") }

        #expect(error?.code == 19)
        #expect(error?.isBusy == false)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedNamingIt() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("notes.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: url)

        let error = #expect(throws: StorageError.self) { try SQLiteDatabaseOpener().open(url) }

        #expect(error?.path == url.path)
        #expect(error?.description.contains(url.path) == true)
    }

    @Test func aRowReportsAMissingOrMistypedColumn() throws {
        let database = try SQLiteDatabase.inMemory()
        let row = try #require(try database.query("SELECT 1 AS n, 'x' AS s").first)

        #expect(throws: StorageError.self) { try row.string("title") }
        #expect(throws: StorageError.self) { try row.int("s") }
        #expect(try row.int("n") == 1)
        #expect(row["title"] == nil)
    }
}
