/// One result row: values by column name or index.
public struct SQLiteRow: Sendable {
    /// The column names of the statement, shared by all its rows.
    public let columns: [String]
    /// The values, in column order.
    public let values: [SQLiteValue]

    /// Creates a row; `columns` and `values` must have the same count.
    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the named column, or `nil` if the statement has no such column.
    public subscript(column: String) -> SQLiteValue? {
        columns.firstIndex(of: column).map { values[$0] }
    }

    /// The value at a column index.
    public subscript(index: Int) -> SQLiteValue { values[index] }

    /// The named column as text.
    /// - Throws: `StorageError` if the column is missing or not text.
    public func string(_ column: String) throws(StorageError) -> String {
        try typed(column, "text") { $0.string }
    }

    /// The named column as an `Int`.
    /// - Throws: `StorageError` if the column is missing or not an integer.
    public func int(_ column: String) throws(StorageError) -> Int {
        try typed(column, "integer") { $0.int }
    }

    /// The named column as an `Int64`.
    /// - Throws: `StorageError` if the column is missing or not an integer.
    public func int64(_ column: String) throws(StorageError) -> Int64 {
        try typed(column, "integer") { $0.int64 }
    }

    /// The named column as a `Double` (integers are widened).
    /// - Throws: `StorageError` if the column is missing or not a number.
    public func double(_ column: String) throws(StorageError) -> Double {
        try typed(column, "real") { $0.double }
    }

    /// The named column as optional text: `nil` for `NULL`.
    /// - Throws: `StorageError` if the column is missing or neither text nor `NULL`.
    public func optionalString(_ column: String) throws(StorageError) -> String? {
        if self[column] == .null { return nil }
        return try string(column)
    }

    /// The named column as an optional `Double`: `nil` for `NULL`.
    /// - Throws: `StorageError` if the column is missing or neither a number nor `NULL`.
    public func optionalDouble(_ column: String) throws(StorageError) -> Double? {
        if self[column] == .null { return nil }
        return try double(column)
    }

    private func typed<T>(_ column: String, _ kind: String, _ read: (SQLiteValue) -> T?) throws(StorageError) -> T {
        guard let value = self[column] else {
            throw StorageError(message: "no column '\(column)' in the result (columns: \(columns.joined(separator: ", ")))")
        }
        guard let typed = read(value) else {
            throw StorageError(message: "column '\(column)' holds \(value), expected \(kind)")
        }
        return typed
    }
}
