import BlocksDomain
import FoundationEssentials
import StrataStorage

/// Timers in the `timers` table of a SQLite database, newest first.
public struct SQLiteTimerRepository: TimerRepository {
    private let database: SQLiteDatabase

    /// Migrates `database` to the newest schema first.
    /// - Throws: `StorageError` if the migration fails.
    public init(database: SQLiteDatabase) throws {
        try BlocksSchema.migrate(database)
        self.database = database
    }

    public func fetchAll() throws -> [FocusTimer] {
        try database.query("SELECT id, title, durationSeconds, createdAt FROM timers ORDER BY createdAt DESC, rowid DESC")
            .map(Self.timer)
    }

    public func fetch(id: UUID) throws -> FocusTimer {
        let rows = try database.query("SELECT id, title, durationSeconds, createdAt FROM timers WHERE id = ?",
                                      [SQLiteValue(id)])
        guard let row = rows.first else { throw BlocksError.notFound(.timer, id) }
        return try Self.timer(row)
    }

    public func create(_ timer: FocusTimer) throws {
        try database.insert("INSERT INTO timers (id, title, durationSeconds, createdAt) VALUES (?, ?, ?, ?)",
                            [SQLiteValue(timer.id), .text(timer.title), SQLiteValue(timer.durationSeconds),
                             SQLiteValue(timer.createdAt)])
    }

    public func update(_ timer: FocusTimer) throws {
        try database.change("UPDATE timers SET title = ?, durationSeconds = ? WHERE id = ?",
                            [.text(timer.title), SQLiteValue(timer.durationSeconds), SQLiteValue(timer.id)],
                            notFound: .notFound(.timer, timer.id))
    }

    public func delete(id: UUID) throws {
        try database.change("DELETE FROM timers WHERE id = ?", [SQLiteValue(id)], notFound: .notFound(.timer, id))
    }

    private static func timer(_ row: SQLiteRow) throws -> FocusTimer {
        FocusTimer(id: try row.uuid("id"), title: try row.string("title"),
                   durationSeconds: try row.int("durationSeconds"), createdAt: try row.date("createdAt"))
    }
}
