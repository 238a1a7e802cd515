import BlocksDomain
import FoundationEssentials
import StrataBase
import StrataStorage

extension Block: SQLiteStoredItem {
    public static let table = "blocks"
    public static let fields = ["title", "hours"]
    public var fieldValues: [SQLiteValue] { [.text(title), SQLiteValue(length.hours)] }

    public init(id: UUID, createdAt: Date, row: SQLiteRow) throws {
        let hours = try row.int("hours")
        guard let length = BlockLength(rawValue: hours) else {
            throw StorageError(message: "a block is \(countText(hours, "hour")) long, which Strata does not support")
        }
        self.init(id: id, title: try row.string("title"), length: length, createdAt: createdAt)
    }
}

extension Daily: SQLiteStoredItem {
    public static let table = "dailies"
    public static let fields = ["title", "startSeconds", "repeatCount", "focusSeconds", "breakSeconds"]
    public var fieldValues: [SQLiteValue] {
        [
            .text(title), SQLiteValue(startSeconds), SQLiteValue(repeatCount), SQLiteValue(focusSeconds),
            SQLiteValue(breakSeconds),
        ]
    }

    public init(id: UUID, createdAt: Date, row: SQLiteRow) throws {
        self.init(
            id: id, title: try row.string("title"), startSeconds: try row.int("startSeconds"),
            repeatCount: try row.int("repeatCount"), focusSeconds: try row.int("focusSeconds"),
            breakSeconds: try row.int("breakSeconds"), createdAt: createdAt)
    }
}

extension FocusTimer: SQLiteStoredItem {
    public static let table = "timers"
    public static let fields = ["title", "durationSeconds"]
    public var fieldValues: [SQLiteValue] { [.text(title), SQLiteValue(durationSeconds)] }

    public init(id: UUID, createdAt: Date, row: SQLiteRow) throws {
        self.init(
            id: id, title: try row.string("title"), durationSeconds: try row.int("durationSeconds"),
            createdAt: createdAt)
    }
}
