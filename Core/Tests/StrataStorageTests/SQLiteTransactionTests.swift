import Foundation
import StrataStorage
import Testing
import Synchronization

@Suite struct SQLiteTransactionTests {
    struct Abort: Error, Equatable {}

    @Test func aTransactionCommitsWhenItsBodyReturns() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite").path
        let writer = try SQLiteDatabase(path: path)
        try writer.execute("CREATE TABLE t (x INTEGER)")

        let rowID = try writer.transaction { transaction in
            try transaction.execute("INSERT INTO t VALUES (?)", [41])
            try transaction.execute("UPDATE t SET x = x + 1")
            return transaction.lastInsertRowID
        }

        let reader = try SQLiteDatabase(path: path)
        #expect(rowID == 1)
        #expect(try reader.query("SELECT x FROM t").map { try $0.int("x") } == [42])
    }

    @Test func aTransactionRollsBackWhenItsBodyThrowsAndRethrows() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.execute("INSERT INTO t VALUES (1)")

        #expect(throws: Abort()) {
            try database.transaction { transaction in
                try transaction.execute("INSERT INTO t VALUES (2)")
                try transaction.execute("DELETE FROM t WHERE x = 1")
                throw Abort()
            }
        }

        #expect(try database.query("SELECT x FROM t").map { try $0.int("x") } == [1])
        // The connection is usable again: no transaction was left open.
        try database.transaction { try $0.execute("INSERT INTO t VALUES (3)") }
        #expect(try database.query("SELECT count(*) AS n FROM t").first?.int("n") == 2)
    }

    @Test func aFailingStatementRollsBackTheWholeTransaction() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")

        #expect(throws: StorageError.self) {
            try database.transaction { transaction in
                try transaction.execute("INSERT INTO t VALUES (1)")
                try transaction.execute("INSERT INTO t VALUES (1)")
            }
        }

        #expect(try database.query("SELECT count(*) AS n FROM t").first?.int("n") == 0)
    }

    @Test func aWriterWaitsOnlyUpToItsBusyTimeoutThenFailsAsBusy() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("db.sqlite").path
        let first = try SQLiteDatabase(path: path)
        let second = try SQLiteDatabase(path: path, busyTimeout: 0.05)
        try first.execute("CREATE TABLE t (x INTEGER)")

        let error = try first.transaction { transaction in
            try transaction.execute("INSERT INTO t VALUES (1)")
            return #expect(throws: StorageError.self) { try second.transaction { try $0.execute("INSERT INTO t VALUES (2)") } }
        }

        #expect(error?.isBusy == true)
        #expect(error?.description.contains("another process holds") == true)
        #expect(try second.query("SELECT x FROM t").map { try $0.int("x") } == [1])
    }

    @Test func twoConnectionsIncrementingConcurrentlyLoseNoCount() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("counter.sqlite").path
        let setup = try SQLiteDatabase(path: path)
        try setup.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
        try setup.execute("INSERT INTO counter VALUES (1, 0)")
        let connections = [try SQLiteDatabase(path: path, busyTimeout: 10), try SQLiteDatabase(path: path, busyTimeout: 10)]
        let perThread = 300
        let failures = FailureLog()

        let finished = DispatchGroup()
        for connection in connections {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                for _ in 0..<perThread {
                    do {
                        try connection.transaction { transaction in
                            let value = try transaction.query("SELECT value FROM counter WHERE id = 1").first?.int("value") ?? -1
                            try transaction.execute("UPDATE counter SET value = ? WHERE id = 1", [.integer(Int64(value + 1))])
                        }
                    } catch {
                        failures.record("\(error)")
                    }
                }
            }
        }
        await withCheckedContinuation { continuation in finished.notify(queue: .global()) { continuation.resume() } }

        #expect(failures.messages.isEmpty)
        #expect(try setup.query("SELECT value FROM counter").first?.int("value") == 2 * perThread)
    }

    /// Two `strata` processes each adding 40 blocks to a new data folder: every add opens the file (the
    /// first ones create it and switch it to WAL), migrates and writes. None may fail with "database is locked".
    @Test func twoWritersOpeningANewFileAgainAndAgainLoseNoWrite() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("fresh.sqlite").path
        let perWriter = 40
        let failures = FailureLog()
        let migrations = [SQLiteMigration(version: 1) { try $0.execute("CREATE TABLE item (writer INTEGER, n INTEGER)") }]

        let finished = DispatchGroup()
        for writer in 0..<2 {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                for n in 0..<perWriter {
                    do {
                        let database = try SQLiteDatabase(path: path)
                        try database.migrate(migrations)
                        try database.execute("INSERT INTO item VALUES (?, ?)", [.integer(Int64(writer)), .integer(Int64(n))])
                    } catch {
                        failures.record("\(error)")
                    }
                }
            }
        }
        await withCheckedContinuation { continuation in finished.notify(queue: .global()) { continuation.resume() } }

        #expect(failures.messages == [])
        #expect(try SQLiteDatabase(path: path).query("SELECT count(*) AS n FROM item").first?.int("n") == 2 * perWriter)
    }
}

/// Errors collected from worker threads.
final class FailureLog: Sendable {
    private let stored = Mutex<[String]>([])

    func record(_ message: String) {
        stored.withLock { $0.append(message) }
    }

    var messages: [String] {
        stored.withLock { $0 }
    }
}
