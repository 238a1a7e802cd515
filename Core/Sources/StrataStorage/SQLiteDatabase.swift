internal import CSQLite
internal import FoundationEssentials
import Synchronization

/// A SQLite database file (or an in-memory database) that any thread may use.
///
/// Every call is serialized on one connection. Files open in WAL mode with a busy timeout, so two
/// `strata` processes can share a file: a writer waits up to the timeout for the other's lock instead of
/// failing at once. Values are always bound as parameters, never spliced into SQL. Inside a `transaction`
/// body, statements run on the `SQLiteTransaction` it is given: the database itself is held by the
/// transaction until it ends, and a call on it from the body stops the process (the lock is not re-entrant).
public final class SQLiteDatabase: @unchecked Sendable {
    /// Held for each call on `connection`, and for the whole of a transaction.
    private let lock = Mutex<Void>(())
    private let connection: SQLiteConnection

    /// The file's path, or `:memory:`.
    public var path: String { connection.path }

    /// The most pages the write-ahead log gathers before a commit copies them into the file.
    static let checkpointPages = 64

    /// Opens or creates the database at `path`.
    /// - Parameters:
    ///   - path: the file, or `:memory:`.
    ///   - busyTimeout: seconds to wait for another connection's lock.
    /// - Throws: `StorageError` if the file can't be opened or isn't a database.
    public init(path: String, busyTimeout: Double = 5) throws(StorageError) {
        connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try connection.executeScript("PRAGMA foreign_keys = ON")
        if path != ":memory:" {
            // Switching to WAL needs the file to itself and doesn't wait for another process's lock, so it
            // is retried within the busy timeout, and skipped once the file is in WAL (WAL mode is
            // persistent). journal_mode answers with a row, so it runs as a query; this also fails early on
            // a file that is not a database.
            try connection.retryingWhileBusy { () throws(StorageError) in
                var mode = try connection.run("PRAGMA journal_mode", []).first?[0].string
                if mode?.lowercased() != "wal" {
                    mode = try connection.run("PRAGMA journal_mode = WAL", []).first?[0].string
                }
                if mode?.lowercased() != "wal" {
                    throw StorageError(message: "can't switch to WAL mode (got \(mode ?? "nothing"))", path: path)
                }
            }
            try connection.executeScript("PRAGMA synchronous = NORMAL")
            // strata's processes are short and end without closing their connections, which is when SQLite
            // would copy the log into the file and remove it; so the log grows until SQLite's automatic
            // checkpoint, and each process that opens the file replays all of it first. At SQLite's default
            // (1,000 pages, 4 MB) that added 2 ms to a 12 ms `blocks list` (measured); 64 pages bounds it at 256 KB.
            try connection.executeScript("PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
        }
    }

    /// A private database that lives as long as this object, for tests.
    /// - Throws: `StorageError` if SQLite can't allocate it.
    public static func inMemory() throws(StorageError) -> SQLiteDatabase {
        try SQLiteDatabase(path: ":memory:")
    }

    /// Runs a statement that returns no rows.
    /// - Throws: `StorageError` with SQLite's message and the statement.
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StorageError) {
        try withConnection { connection throws(StorageError) in _ = try connection.run(sql, bindings) }
    }

    /// Runs a query and returns its rows.
    /// - Throws: `StorageError` with SQLite's message and the statement.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StorageError) -> [SQLiteRow] {
        try withConnection { connection throws(StorageError) in try connection.run(sql, bindings) }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, so a second process waits for the first
    /// instead of failing midway). Commits when `body` returns; rolls back and rethrows when it throws.
    /// - Throws: what `body` throws, or `StorageError` if the transaction can't begin or commit.
    public func transaction<T>(_ body: (SQLiteTransaction) throws -> T) throws -> T {
        try lock.withLock { _ in
            try connection.retryingWhileBusy { () throws(StorageError) in try connection.executeScript("BEGIN IMMEDIATE") }
            let transaction = SQLiteTransaction(connection: connection)
            do {
                let result = try body(transaction)
                try connection.executeScript("COMMIT")
                return result
            } catch {
                try? connection.executeScript("ROLLBACK")
                throw error
            }
        }
    }

    /// The schema version recorded by `migrate` (`PRAGMA user_version`).
    /// - Throws: `StorageError` if it can't be read.
    public func schemaVersion() throws(StorageError) -> Int {
        try query("PRAGMA user_version").first?[0].int ?? 0
    }

    /// Brings the schema up to the newest of `migrations`, applying each newer step in its own transaction.
    /// - Throws: `StorageError` if a step fails (that step is rolled back, earlier ones stay), or if the file
    ///   was written by a newer schema than any step here knows.
    public func migrate(_ migrations: [SQLiteMigration]) throws {
        let steps = migrations.sorted { $0.version < $1.version }
        let newest = steps.last?.version ?? 0
        func refuseNewer(_ current: Int) throws(StorageError) {
            guard current > newest else { return }
            throw StorageError(
                message: "the database has schema version \(current), newer than this build knows (\(newest)); update Strata or use another data directory",
                path: path)
        }
        // A file already at the newest version (every open but the first) is answered by a read: no write
        // transaction, so a command that only reads never waits for another process's writer.
        let recorded = try schemaVersion()
        try refuseNewer(recorded)
        guard recorded < newest else { return }
        for step in steps where step.version > recorded {
            // The version is read again inside the step's write transaction, so when two processes open a new
            // file at once the second waits for the first and then skips what the first applied.
            try transaction { transaction in
                let current = try transaction.query("PRAGMA user_version").first?[0].int ?? 0
                try refuseNewer(current)
                guard step.version > current else { return }
                try step.apply(transaction)
                try transaction.executeScript("PRAGMA user_version = \(step.version)")
            }
        }
    }

    private func withConnection<T>(_ body: (SQLiteConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        try lock.withLock { _ throws(StorageError) in try body(connection) }
    }
}
