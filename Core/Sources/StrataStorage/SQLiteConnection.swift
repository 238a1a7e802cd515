internal import CSQLite
internal import Glibc

/// One open SQLite handle with its cache of prepared statements. Not thread-safe: `SQLiteDatabase`
/// serializes every use.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    let busyTimeout: Double
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, busyTimeout: Double) throws(StorageError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw StorageError(code: code, message: "can't open the database: \(message)", path: path)
        }
        self.handle = handle
        self.path = path
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000))
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `body` again while SQLite answers "busy" without having waited for the lock, until the busy
    /// timeout has passed. SQLite skips its busy handler where waiting could deadlock, or while another
    /// connection switches the file to WAL or recovers its log, so a statement that merely started at the
    /// wrong moment would fail at once. Only for statements that are safe to run again from the start.
    func retryingWhileBusy<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeout * 1000))
        var pause: UInt32 = 1_000
        while true {
            do {
                return try body()
            } catch  where error.isBusy && ContinuousClock.now < deadline {
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    func error(_ code: Int32, sql: String?) -> StorageError {
        StorageError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path)
    }

    /// Runs one statement with its parameters bound and returns every row it produced.
    func run(_ sql: String, _ bindings: [SQLiteValue]) throws(StorageError) -> [SQLiteRow] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(bindings, to: statement, sql: sql)
        let columnCount = Int(sqlite3_column_count(statement))
        var columns: [String] = []
        var rows: [SQLiteRow] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw error(code, sql: sql) }
            if columns.isEmpty && columnCount > 0 {
                columns = (0..<columnCount).map { String(cString: sqlite3_column_name(statement, Int32($0))) }
            }
            let values = (0..<columnCount).map { column(statement, Int32($0)) }
            rows.append(SQLiteRow(columns: columns, values: values))
        }
    }

    /// Runs several statements separated by semicolons, with no parameters (schema scripts).
    func executeScript(_ sql: String) throws(StorageError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    private func prepared(_ sql: String) throws(StorageError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        var rest: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let code = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &rest)
            // A second statement would be silently ignored: refuse it instead.
            if code == SQLITE_OK, let rest, String(cString: rest).contains(where: { !$0.isWhitespace && $0 != ";" }) {
                return SQLITE_MISUSE
            }
            return code
        }
        if code == SQLITE_MISUSE, let statement {
            sqlite3_finalize(statement)
            throw StorageError(code: code, message: "one statement per call: split it, or use a migration or `executeScript` for several", sql: sql, path: path)
        }
        guard code == SQLITE_OK, let statement else { throw error(code, sql: sql) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer, sql: String) throws(StorageError) {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == values.count else {
            throw StorageError(message: "the statement has \(expected) parameters but \(values.count) values were given", sql: sql, path: path)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 =
                switch value {
                case .null: sqlite3_bind_null(statement, index)
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
                case .blob(let bytes):
                    bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
                }
            guard code == SQLITE_OK else { throw error(code, sql: sql) }
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}

/// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
