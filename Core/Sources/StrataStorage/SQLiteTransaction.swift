internal import CSQLite

/// The statements of one transaction. Valid only inside the `transaction` or migration body it is
/// handed to; the transaction commits when the body returns and rolls back when it throws.
public struct SQLiteTransaction {
    let connection: SQLiteConnection

    /// Runs a statement that returns no rows, with its `?` parameters bound to `bindings`.
    /// - Throws: `StorageError` with SQLite's message and the statement.
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StorageError) {
        _ = try connection.run(sql, bindings)
    }

    /// Runs a query with its `?` parameters bound to `bindings` and returns its rows.
    /// - Throws: `StorageError` with SQLite's message and the statement.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StorageError) -> [SQLiteRow] {
        try connection.run(sql, bindings)
    }

    /// Runs several parameterless statements separated by semicolons (schema changes).
    /// - Throws: `StorageError` with SQLite's message.
    public func executeScript(_ sql: String) throws(StorageError) {
        try connection.executeScript(sql)
    }

    /// The rowid of the last row this connection inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection.handle) }

    /// The number of rows the last statement changed.
    public var changes: Int { Int(sqlite3_changes(connection.handle)) }
}
