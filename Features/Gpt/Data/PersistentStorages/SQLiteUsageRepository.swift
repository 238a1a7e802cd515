import Foundation
import GptDomain
import StrataStorage

/// Each local user's uses in the plugin's SQLite file, one row per use.
///
/// `reserveUse` counts the day's uses and inserts the new one in one `BEGIN IMMEDIATE` transaction: a
/// second process waits for the first's lock and then counts the first's row, so the limit holds whatever
/// runs at once. A row carries its day, so a reply confirmed after midnight counts on the day it was
/// checked and no other day's count changes. Unconfirmed rows older than the reservation lifetime (their
/// process died mid-request) no longer count and are deleted by the next reservation.
public struct SQLiteUsageRepository: UsageRepository {
    private let database: SQLiteDatabase
    private let reservationLifetime: TimeInterval

    /// `IF NOT EXISTS` because two processes opening a new file at once may both run a step: the second
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
        // One row per use; the old per-user count becomes that many confirmed rows on its day.
        SQLiteMigration(version: 2, sql: """
            CREATE TABLE IF NOT EXISTS gpt_uses (
                id INTEGER PRIMARY KEY,
                user_id TEXT NOT NULL,
                day TEXT NOT NULL,
                reserved_at REAL NOT NULL,
                confirmed INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX IF NOT EXISTS gpt_uses_by_day ON gpt_uses (user_id, day);
            INSERT INTO gpt_uses (user_id, day, reserved_at, confirmed)
                WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 10000)
                SELECT gpt_users.id, gpt_users.last_used_day, 0, 1 FROM gpt_users JOIN counter ON counter.n <= gpt_users.used_count
                WHERE gpt_users.last_used_day IS NOT NULL;
            """),
    ]

    /// Opens the repository, bringing the schema up to date.
    /// - Parameter reservationLifetime: how long an unconfirmed use counts (longer than any request).
    /// - Throws: `StorageError` if the schema can't be created or is newer than this build.
    public init(database: SQLiteDatabase, reservationLifetime: TimeInterval = 600) throws {
        try database.migrate(Self.migrations)
        self.database = database
        self.reservationLifetime = reservationLifetime
    }

    private static let counted = "user_id = ? AND day = ? AND (confirmed = 1 OR reserved_at >= ?)"

    public func uses(userID: String, on day: CalendarDay, at now: Date) async throws -> Int {
        let rows = try database.query("SELECT COUNT(*) AS uses FROM gpt_uses WHERE \(Self.counted)",
                                      [.text(userID), .text(day.description), .real(oldestInForce(now))])
        return try rows.first?.int("uses") ?? 0
    }

    public func reserveUse(userID: String, on day: CalendarDay, limit: Int, at now: Date) async throws -> UseReservation? {
        try database.transaction { transaction in
            try transaction.execute("DELETE FROM gpt_uses WHERE confirmed = 0 AND reserved_at < ?", [.real(oldestInForce(now))])
            let rows = try transaction.query("SELECT COUNT(*) AS uses FROM gpt_uses WHERE \(Self.counted)",
                                             [.text(userID), .text(day.description), .real(oldestInForce(now))])
            guard try rows.first?.int("uses") ?? 0 < limit else { return nil }
            try transaction.execute("INSERT INTO gpt_uses (user_id, day, reserved_at) VALUES (?, ?, ?)",
                                    [.text(userID), .text(day.description), .real(now.timeIntervalSince1970)])
            return UseReservation(id: transaction.lastInsertRowID, userID: userID, day: day)
        }
    }

    public func confirm(_ reservation: UseReservation) async throws -> Int {
        try database.transaction { transaction in
            // A reservation that expired and was deleted meanwhile is written again: the reply did arrive.
            try transaction.execute("""
                INSERT INTO gpt_uses (id, user_id, day, reserved_at, confirmed) VALUES (?, ?, ?, 0, 1)
                ON CONFLICT (id) DO UPDATE SET confirmed = 1
                """, [.integer(reservation.id), .text(reservation.userID), .text(reservation.day.description)])
            let rows = try transaction.query("SELECT COUNT(*) AS uses FROM gpt_uses WHERE user_id = ? AND day = ? AND confirmed = 1",
                                             [.text(reservation.userID), .text(reservation.day.description)])
            return try rows.first?.int("uses") ?? 0
        }
    }

    public func release(_ reservation: UseReservation) async throws {
        try database.execute("DELETE FROM gpt_uses WHERE id = ? AND confirmed = 0", [.integer(reservation.id)])
    }

    private func oldestInForce(_ now: Date) -> Double { now.timeIntervalSince1970 - reservationLifetime }
}
