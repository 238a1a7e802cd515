import Foundation
import GptDomain
import StrataStorage

/// Each local user's uses in the plugin's SQLite file.
///
/// A use is counted by one `UPSERT` that increments in SQL inside a `BEGIN IMMEDIATE` transaction, so
/// two processes recording at once both count: the second waits for the first's lock, then adds to the
/// value the first wrote.
public struct SQLiteUsageRepository: UsageRepository {
    private let database: SQLiteDatabase

    /// `IF NOT EXISTS` because two processes opening a new file at once may both run step 1: the second
    /// waits for the first's transaction, then finds the table already there.
    static let migrations = [
        SQLiteMigration(version: 1, sql: """
            CREATE TABLE IF NOT EXISTS gpt_users (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                used_count INTEGER NOT NULL DEFAULT 0 CHECK (used_count >= 0),
                last_used_day TEXT
            )
            """),
    ]

    /// Opens the repository, bringing the schema up to date.
    /// - Throws: `StorageError` if the schema can't be created or is newer than this build.
    public init(database: SQLiteDatabase) throws {
        try database.migrate(Self.migrations)
        self.database = database
    }

    public func user(id: String) async throws -> User {
        let rows = try database.query("SELECT id, name, used_count, last_used_day FROM gpt_users WHERE id = ?", [.text(id)])
        return try rows.first.map(Self.user(from:)) ?? User(id: id, name: id)
    }

    public func recordUse(userID: String, on day: CalendarDay) async throws -> User {
        let dayText = SQLiteValue.text(day.description)
        return try database.transaction { transaction in
            try transaction.execute("""
                INSERT INTO gpt_users (id, name, used_count, last_used_day) VALUES (?, ?, 1, ?)
                ON CONFLICT (id) DO UPDATE SET
                    used_count = CASE WHEN last_used_day = excluded.last_used_day THEN used_count + 1 ELSE 1 END,
                    last_used_day = excluded.last_used_day
                """, [.text(userID), .text(userID), dayText])
            let rows = try transaction.query("SELECT id, name, used_count, last_used_day FROM gpt_users WHERE id = ?", [.text(userID)])
            guard let row = rows.first else {
                throw StorageError(message: "the use of '\(userID)' was written but can't be read back", path: database.path)
            }
            return try Self.user(from: row)
        }
    }

    private static func user(from row: SQLiteRow) throws -> User {
        let dayText = try row.optionalString("last_used_day")
        return User(id: try row.string("id"), name: try row.string("name"), usedCount: try row.int("used_count"),
                    lastUsedDate: dayText.flatMap(CalendarDay.init(_:)))
    }
}
