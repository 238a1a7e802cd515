import StrataStorage

/// The blocks database's history. Version 1 stored a block as the number of blocks per day (Tempus's first
/// `divideCount`); version 2 stores its length in hours, as Tempus later did, and adds the running mode.
/// Steps are only ever appended: a newer Strata opens an older file by applying the missing steps.
/// A blocks-per-day count that no supported length matches (1, 5, 7, more than 8) keeps its row with the
/// nearest length instead of being dropped.
public enum BlocksSchema {
    public static let migrations: [SQLiteMigration] = [version1, version2]

    public static let version1 = SQLiteMigration(
        version: 1,
        sql: """
            CREATE TABLE blocks (
                id TEXT PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                divideCount INTEGER NOT NULL,
                createdAt REAL NOT NULL
            );
            CREATE TABLE dailies (
                id TEXT PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                startSeconds INTEGER NOT NULL,
                repeatCount INTEGER NOT NULL,
                focusSeconds INTEGER NOT NULL,
                breakSeconds INTEGER NOT NULL,
                createdAt REAL NOT NULL
            );
            CREATE TABLE timers (
                id TEXT PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                durationSeconds INTEGER NOT NULL,
                createdAt REAL NOT NULL
            );
            """)

    public static let version2 = SQLiteMigration(
        version: 2,
        sql: """
            CREATE TABLE blocks_v2 (
                id TEXT PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                hours INTEGER NOT NULL CHECK (hours IN (3, 4, 6, 8, 12)),
                createdAt REAL NOT NULL
            );
            INSERT INTO blocks_v2 (id, title, hours, createdAt)
                SELECT id, title,
                       CASE WHEN divideCount <= 2 THEN 12 WHEN divideCount = 3 THEN 8 WHEN divideCount = 4 THEN 6
                            WHEN divideCount <= 6 THEN 4 ELSE 3 END,
                       createdAt
                FROM blocks;
            DROP TABLE blocks;
            ALTER TABLE blocks_v2 RENAME TO blocks;
            CREATE INDEX blocks_createdAt ON blocks (createdAt);
            CREATE INDEX dailies_createdAt ON dailies (createdAt);
            CREATE INDEX timers_createdAt ON timers (createdAt);
            CREATE TABLE running_mode (
                slot INTEGER PRIMARY KEY NOT NULL CHECK (slot = 1),
                kind TEXT NOT NULL CHECK (kind IN ('block', 'daily', 'timer')),
                itemID TEXT NOT NULL,
                startedAt REAL NOT NULL
            );
            """)

    /// Brings `database` up to the newest version.
    /// - Throws: `StorageError` if a step fails or the file comes from a newer Strata.
    public static func migrate(_ database: SQLiteDatabase) throws {
        try database.migrate(migrations)
    }
}
