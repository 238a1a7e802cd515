import BlocksDomain
import FoundationEssentials
import StrataStorage

extension SQLiteDatabase {
    /// Runs one changing statement in its own transaction; when it changes no row the id was unknown, so it
    /// throws `notFound` (and the transaction rolls back).
    func change(_ sql: String, _ bindings: [SQLiteValue], notFound: BlocksError) throws {
        try transaction { transaction in
            try transaction.execute(sql, bindings)
            if transaction.changes == 0 { throw notFound }
        }
    }

    /// Runs one inserting statement in its own transaction.
    func insert(_ sql: String, _ bindings: [SQLiteValue]) throws {
        try transaction { transaction in try transaction.execute(sql, bindings) }
    }
}

extension SQLiteValue {
    /// A date as stored: seconds since 2001-01-01, exactly what `Date` holds, so it reads back unchanged.
    init(_ date: Date) { self = .real(date.timeIntervalSinceReferenceDate) }
}

extension SQLiteRow {
    func date(_ column: String) throws -> Date {
        Date(timeIntervalSinceReferenceDate: try double(column))
    }
}
