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

    /// Opens the repository, bringing the schema up to date.
    /// - Parameter reservationLifetime: how long an unconfirmed use counts (longer than any request).
    /// - Throws: `StorageError` if the schema can't be created or is newer than this build.
    public init(database: SQLiteDatabase, reservationLifetime: TimeInterval = 600) throws {
        try database.migrate(GptSchema.migrations)
        self.database = database
        self.reservationLifetime = reservationLifetime
    }

    private static let counted = "user_id = ? AND day = ? AND (confirmed = 1 OR reserved_at >= ?)"

    public func uses(userID: String, on day: CalendarDay, at now: Date) async throws -> Int {
        let rows = try database.query(
            "SELECT COUNT(*) AS uses FROM gpt_uses WHERE \(Self.counted)",
            [.text(userID), .text(day.description), .real(oldestInForce(now))])
        return try rows.first?.int("uses") ?? 0
    }

    public func reserveUse(userID: String, on day: CalendarDay, limit: Int, at now: Date) async throws -> UseReservation? {
        try database.transaction { transaction in
            try transaction.execute("DELETE FROM gpt_uses WHERE confirmed = 0 AND reserved_at < ?", [.real(oldestInForce(now))])
            let rows = try transaction.query(
                "SELECT COUNT(*) AS uses FROM gpt_uses WHERE \(Self.counted)",
                [.text(userID), .text(day.description), .real(oldestInForce(now))])
            guard try rows.first?.int("uses") ?? 0 < limit else { return nil }
            try transaction.execute(
                "INSERT INTO gpt_uses (user_id, day, reserved_at) VALUES (?, ?, ?)",
                [.text(userID), .text(day.description), .real(now.timeIntervalSince1970)])
            return UseReservation(id: transaction.lastInsertRowID, userID: userID, day: day)
        }
    }

    public func confirm(_ reservation: UseReservation) async throws -> Int {
        try database.transaction { transaction in
            // A reservation that expired and was deleted meanwhile is written again: the reply did arrive.
            try transaction.execute(
                """
                INSERT INTO gpt_uses (id, user_id, day, reserved_at, confirmed) VALUES (?, ?, ?, 0, 1)
                ON CONFLICT (id) DO UPDATE SET confirmed = 1
                """, [.integer(reservation.id), .text(reservation.userID), .text(reservation.day.description)])
            let rows = try transaction.query(
                "SELECT COUNT(*) AS uses FROM gpt_uses WHERE user_id = ? AND day = ? AND confirmed = 1",
                [.text(reservation.userID), .text(reservation.day.description)])
            return try rows.first?.int("uses") ?? 0
        }
    }

    public func release(_ reservation: UseReservation) async throws {
        try database.execute("DELETE FROM gpt_uses WHERE id = ? AND confirmed = 0", [.integer(reservation.id)])
    }

    public func forget(userID: String) async throws {
        try database.execute("DELETE FROM gpt_uses WHERE user_id = ?", [.text(userID)])
    }

    private func oldestInForce(_ now: Date) -> Double { now.timeIntervalSince1970 - reservationLifetime }
}
