import Foundation
import StrataStorage
import Testing

@Suite struct SQLiteDatabaseTests {
    @Test func theOpenerCreatesTheFolderAndOpensTheFileInWALMode() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("movies/nested/movies.sqlite")

        let database = try SQLiteDatabaseOpener().open(url.path)
        try database.execute("CREATE TABLE t (x INTEGER)")

        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(database.path == url.path)
        #expect(try database.query("PRAGMA journal_mode").first?[0].string == "wal")
        #expect(try database.query("PRAGMA foreign_keys").first?[0].int == 1)
    }

    /// Processes that write and end without closing (as strata's do) leave a log the next one replays in
    /// full before its first query: its valid frames stay near 64 pages, not SQLite's 1,000 (a Blocks
    /// database 400 additions old made `blocks list` replay about 4 MB).
    @Test func theWriteAheadLogIsCopiedIntoTheFileEvery64Pages() throws {
        let folder = try TemporaryFolder()
        let database = try SQLiteDatabaseOpener().open(folder.file("log.sqlite").path)
        try database.execute("CREATE TABLE t (x BLOB)")
        for _ in 0..<300 {
            try database.transaction { try $0.execute("INSERT INTO t VALUES (?)", [.blob([UInt8](repeating: 7, count: 3000))]) }
        }
        // `wal_checkpoint` answers (busy, the log's frames, the frames checkpointed); here only the log's count.
        let frames = try #require(try database.query("PRAGMA wal_checkpoint(PASSIVE)").first?[1].int)
        #expect(frames <= 70, "\(frames) frames in the log")
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

    /// The statement and SQLite's words stay in the error's properties; what people read names the file.
    @Test func storageErrorNamesTheFileButNeverTheSQL() throws {
        let folder = try TemporaryFolder()
        let database = try SQLiteDatabase(path: folder.file("broken.sqlite").path)

        let error = #expect(throws: StorageError.self) { try database.query("SELECT title FROM nowhere WHERE id = ?", [1]) }

        let description = try #require(error?.description)
        #expect(error?.sql == "SELECT title FROM nowhere WHERE id = ?")
        #expect(error?.message.contains("no such table: nowhere") == true)
        #expect(description.contains(folder.file("broken.sqlite").path))
        #expect(!description.contains("SELECT") && !description.contains("no such table") && !description.contains("SQLite"),
                "\(description)")
    }

    /// Each failure people can act on says what to do: free space, fix permissions, move a damaged file aside.
    @Test func storageErrorsSayWhatToDo() {
        func text(_ code: Int32) -> String {
            StorageError(code: code, message: "sqlite's words", sql: "INSERT INTO history VALUES (?)", path: "/d/gpt.sqlite").description
        }
        #expect(text(13).contains("/d/gpt.sqlite can't grow: the disk is full. Free some space"))
        #expect(text(8).contains("/d/gpt.sqlite can't be written: check that you may write it and its folder"))
        #expect(text(11).contains("mv /d/gpt.sqlite /d/gpt.sqlite.damaged"))
        #expect(text(26).contains("is damaged or is not a Strata database"))
        #expect(text(5).contains("another process holds /d/gpt.sqlite"))
        // Out of memory is no reason to give up the data: never "move it aside".
        #expect(text(7).contains("not enough memory to read or write /d/gpt.sqlite; the file is intact"))
        #expect(!text(7).contains("mv "))
        for code: Int32 in [1, 3, 5, 7, 8, 10, 11, 13, 14, 19, 26] {
            #expect(!text(code).contains("INSERT") && !text(code).contains("sqlite's words"), "\(code): \(text(code))")
        }
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

        let error = #expect(throws: StorageError.self) { try SQLiteDatabaseOpener().open(url.path) }

        #expect(error?.path == url.path)
        #expect(error?.description.contains("Move it aside (mv \(url.path) \(url.path).damaged)") == true, "\(String(describing: error))")
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
