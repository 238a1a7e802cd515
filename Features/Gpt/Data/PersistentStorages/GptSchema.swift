import StrataStorage

/// The tables of the gpt feature's SQLite file, in the order they came.
enum GptSchema {
    /// `IF NOT EXISTS` because two processes opening a new file at once may both run a step: the second
    /// waits for the first's transaction, then finds the table already there.
    static let migrations = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE IF NOT EXISTS gpt_users (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    used_count INTEGER NOT NULL DEFAULT 0 CHECK (used_count >= 0),
                    last_used_day TEXT
                )
                """),
        // One row per use; the old per-user count becomes that many confirmed rows on its day.
        SQLiteMigration(
            version: 2,
            sql: """
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
        // Every reply received, newest first by time (then by row, for two in one second).
        SQLiteMigration(
            version: 3,
            sql: """
                CREATE TABLE IF NOT EXISTS gpt_replies (
                    id INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL,
                    asked_at REAL NOT NULL,
                    persona_id TEXT NOT NULL,
                    persona_name TEXT NOT NULL,
                    trouble TEXT NOT NULL,
                    reply TEXT NOT NULL,
                    truncated INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS gpt_replies_by_user ON gpt_replies (user_id, asked_at);
                """),
    ]
}
