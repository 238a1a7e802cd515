import Foundation
import StrataStorage

/// The tables of a live session file: the session itself and one row per runner.
enum SessionSchema {
    enum Role: String {
        case host, mate

        var other: Role { self == .host ? .mate : .host }
    }

    static let migrations = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE session (
                    id TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    target_km REAL NOT NULL,
                    host_nickname TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('waiting', 'running', 'expired')),
                    created_at REAL NOT NULL
                );
                CREATE TABLE runners (
                    role TEXT PRIMARY KEY CHECK (role IN ('host', 'mate')),
                    nickname TEXT NOT NULL,
                    distance_km REAL NOT NULL DEFAULT 0,
                    elapsed_seconds INTEGER NOT NULL DEFAULT 0,
                    status TEXT NOT NULL DEFAULT 'running',
                    updated_at REAL NOT NULL
                );
                """),
        // A mate whose track can't reach a race's goal writes itself here instead of in `runners`, so that
        // the host can say why it goes on waiting.
        SQLiteMigration(
            version: 2,
            sql: """
                CREATE TABLE refusals (
                    id INTEGER PRIMARY KEY,
                    nickname TEXT NOT NULL,
                    track_km REAL NOT NULL
                );
                """),
    ]

    static func insertRunner(_ transaction: SQLiteTransaction, role: Role, nickname: String, at date: Date) throws {
        try transaction.execute(
            "INSERT INTO runners (role, nickname, updated_at) VALUES (?, ?, ?)",
            [.text(role.rawValue), .text(nickname), .real(date.timeIntervalSince1970)])
    }
}
