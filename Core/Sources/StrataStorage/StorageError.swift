/// A failure of the SQLite storage: what SQLite said, the statement, and the database file.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// SQLite's result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT` 19), or `nil` for errors of this module.
    public let code: Int32?
    /// SQLite's message, or this module's.
    public let message: String
    /// The SQL that failed, if a statement did.
    public let sql: String?
    /// The database file, if known.
    public let path: String?

    /// Creates an error.
    public init(code: Int32? = nil, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Whether another connection held the lock for longer than the busy timeout.
    public var isBusy: Bool { code == 5 || code == 6 }

    /// SQLite's message with the code, the file and the statement.
    public var description: String {
        var text = "SQLite: \(message)"
        if let code { text += " (code \(code))" }
        if let path { text += " in \(path)" }
        if let sql { text += " while running `\(sql.prefix(120))`" }
        if isBusy { text += ". Another process holds the database; try again." }
        return text
    }
}
