import BlocksDomain
import FoundationEssentials
import StrataStorage

/// How one kind of item is kept in its table: every table has `id` and `createdAt`, and the kind's own
/// columns (`fields`) between them.
public protocol SQLiteStoredItem: BlocksItem {
    static var table: String { get }
    /// The columns besides `id` and `createdAt`.
    static var fields: [String] { get }
    /// This item's values of `fields`, in their order.
    var fieldValues: [SQLiteValue] { get }
    /// The item a row of `id`, `createdAt` and `fields` holds.
    /// - Throws: `StorageError` if a value is not one this kind can have.
    init(id: UUID, createdAt: Date, row: SQLiteRow) throws
}

/// The items of one kind in their table of the Blocks database, newest first.
public struct SQLiteItemRepository<Item: SQLiteStoredItem>: ItemRepository {
    private let database: SQLiteDatabase
    private static var columns: String { (["id"] + Item.fields + ["createdAt"]).joined(separator: ", ") }

    /// Migrates `database` to the newest schema first.
    /// - Throws: `StorageError` if the migration fails.
    public init(database: SQLiteDatabase) throws {
        try BlocksSchema.migrate(database)
        self.database = database
    }

    public func fetchAll() throws -> [Item] {
        let rows = try database.query("SELECT \(Self.columns) FROM \(Item.table) ORDER BY createdAt DESC, rowid DESC")
        // A loop, not `rows.map(Self.item)`: in this generic code the mapped function costs a malloc per row.
        var items: [Item] = []
        items.reserveCapacity(rows.count)
        for row in rows { items.append(try Self.item(row)) }
        return items
    }

    public func fetch(id: UUID) throws -> Item {
        let rows = try database.query("SELECT \(Self.columns) FROM \(Item.table) WHERE id = ?", [SQLiteValue(id)])
        guard let row = rows.first else { throw BlocksError.notFound(Item.kind, id) }
        return try Self.item(row)
    }

    public func create(_ item: Item) throws {
        try create(contentsOf: [item])
    }

    /// Creates many items in one transaction (an import): all of them or, on a failure, none.
    /// - Throws: `StorageError` if a row can't be written; nothing is kept then.
    public func create(contentsOf items: [Item]) throws {
        let placeholders = Array(repeating: "?", count: Item.fields.count + 2).joined(separator: ", ")
        let sql = "INSERT INTO \(Item.table) (\(Self.columns)) VALUES (\(placeholders))"
        try database.transaction { transaction in
            var values: [SQLiteValue] = []
            values.reserveCapacity(Item.fields.count + 2)
            for item in items {
                values.removeAll(keepingCapacity: true)
                values.append(SQLiteValue(item.id))
                values.append(contentsOf: item.fieldValues)
                values.append(SQLiteValue(item.createdAt))
                try transaction.execute(sql, values)
            }
        }
    }

    public func update(_ item: Item) throws {
        let assignments = Item.fields.map { "\($0) = ?" }.joined(separator: ", ")
        try database.change(
            "UPDATE \(Item.table) SET \(assignments) WHERE id = ?",
            item.fieldValues + [SQLiteValue(item.id)], notFound: .notFound(Item.kind, item.id))
    }

    public func delete(id: UUID) throws {
        try database.change(
            "DELETE FROM \(Item.table) WHERE id = ?", [SQLiteValue(id)],
            notFound: .notFound(Item.kind, id))
    }

    private static func item(_ row: SQLiteRow) throws -> Item {
        try Item(id: try row.uuid("id"), createdAt: try row.date("createdAt"), row: row)
    }
}
