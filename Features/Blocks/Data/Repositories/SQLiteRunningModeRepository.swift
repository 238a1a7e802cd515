import BlocksDomain
import FoundationEssentials
import StrataStorage

/// The running mode in the one-row `running_mode` table, so a later `strata` process sees what was started.
public struct SQLiteRunningModeRepository: RunningModeRepository {
    private let database: SQLiteDatabase

    /// Migrates `database` to the newest schema first.
    /// - Throws: `StorageError` if the migration fails.
    public init(database: SQLiteDatabase) throws {
        try BlocksSchema.migrate(database)
        self.database = database
    }

    public func load() throws -> RunningMode? {
        guard let row = try database.query("SELECT kind, itemID, startedAt FROM running_mode WHERE slot = 1").first
        else { return nil }
        let kindText = try row.string("kind")
        guard let kind = ModeKind(rawValue: kindText) else {
            throw StorageError(message: "the running mode has the unknown kind '\(kindText)'")
        }
        return RunningMode(kind: kind, itemID: try row.uuid("itemID"), startedAt: try row.date("startedAt"))
    }

    public func save(_ mode: RunningMode) throws {
        try database.insert(
            "INSERT OR REPLACE INTO running_mode (slot, kind, itemID, startedAt) VALUES (1, ?, ?, ?)",
            [.text(mode.kind.rawValue), SQLiteValue(mode.itemID), SQLiteValue(mode.startedAt)])
    }

    public func clear() throws {
        try database.transaction { transaction in try transaction.execute("DELETE FROM running_mode") }
    }
}
