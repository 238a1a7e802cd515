/// One step of a database's schema history. Steps are applied in version order, each in its own
/// transaction, and the database remembers the last applied version in `PRAGMA user_version`.
public struct SQLiteMigration: Sendable {
    /// The schema version this step produces (1, 2, 3, …).
    public let version: Int
    /// Applies the step inside the migration's transaction.
    public let apply: @Sendable (SQLiteTransaction) throws -> Void

    /// A step made of SQL statements separated by semicolons.
    public init(version: Int, sql: String) {
        self.version = version
        self.apply = { transaction in try transaction.executeScript(sql) }
    }

    /// A step that runs code, for data changes that SQL alone can't express.
    public init(version: Int, apply: @escaping @Sendable (SQLiteTransaction) throws -> Void) {
        self.version = version
        self.apply = apply
    }
}
