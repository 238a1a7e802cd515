import BlocksDomain
import FoundationEssentials
import StrataStorage

/// Daily schedules in the `dailies` table of a SQLite database, newest first.
public struct SQLiteDailyRepository: DailyRepository {
    private let database: SQLiteDatabase
    private static let columns = "id, title, startSeconds, repeatCount, focusSeconds, breakSeconds, createdAt"

    /// Migrates `database` to the newest schema first.
    /// - Throws: `StorageError` if the migration fails.
    public init(database: SQLiteDatabase) throws {
        try BlocksSchema.migrate(database)
        self.database = database
    }

    public func fetchAll() throws -> [Daily] {
        try database.query("SELECT \(Self.columns) FROM dailies ORDER BY createdAt DESC, rowid DESC").map(Self.daily)
    }

    public func fetch(id: UUID) throws -> Daily {
        let rows = try database.query("SELECT \(Self.columns) FROM dailies WHERE id = ?", [SQLiteValue(id)])
        guard let row = rows.first else { throw BlocksError.notFound(.daily, id) }
        return try Self.daily(row)
    }

    public func create(_ daily: Daily) throws {
        try database.insert("INSERT INTO dailies (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [SQLiteValue(daily.id), .text(daily.title), SQLiteValue(daily.startSeconds),
                             SQLiteValue(daily.repeatCount), SQLiteValue(daily.focusSeconds),
                             SQLiteValue(daily.breakSeconds), SQLiteValue(daily.createdAt)])
    }

    public func update(_ daily: Daily) throws {
        try database.change("""
            UPDATE dailies SET title = ?, startSeconds = ?, repeatCount = ?, focusSeconds = ?, breakSeconds = ?
            WHERE id = ?
            """,
            [.text(daily.title), SQLiteValue(daily.startSeconds), SQLiteValue(daily.repeatCount),
             SQLiteValue(daily.focusSeconds), SQLiteValue(daily.breakSeconds), SQLiteValue(daily.id)],
            notFound: .notFound(.daily, daily.id))
    }

    public func delete(id: UUID) throws {
        try database.change("DELETE FROM dailies WHERE id = ?", [SQLiteValue(id)], notFound: .notFound(.daily, id))
    }

    private static func daily(_ row: SQLiteRow) throws -> Daily {
        Daily(id: try row.uuid("id"), title: try row.string("title"), startSeconds: try row.int("startSeconds"),
              repeatCount: try row.int("repeatCount"), focusSeconds: try row.int("focusSeconds"),
              breakSeconds: try row.int("breakSeconds"), createdAt: try row.date("createdAt"))
    }
}
