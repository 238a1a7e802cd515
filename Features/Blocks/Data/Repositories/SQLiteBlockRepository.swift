import BlocksDomain
import FoundationEssentials
import StrataStorage

/// Blocks in the `blocks` table of a SQLite database, newest first.
public struct SQLiteBlockRepository: BlockRepository {
    private let database: SQLiteDatabase

    /// Migrates `database` to the newest schema first.
    /// - Throws: `StorageError` if the migration fails.
    public init(database: SQLiteDatabase) throws {
        try BlocksSchema.migrate(database)
        self.database = database
    }

    public func fetchAll() throws -> [Block] {
        try database.query("SELECT id, title, hours, createdAt FROM blocks ORDER BY createdAt DESC, rowid DESC")
            .map(Self.block)
    }

    public func fetch(id: UUID) throws -> Block {
        let rows = try database.query("SELECT id, title, hours, createdAt FROM blocks WHERE id = ?", [SQLiteValue(id)])
        guard let row = rows.first else { throw BlocksError.notFound(.block, id) }
        return try Self.block(row)
    }

    public func create(_ block: Block) throws {
        try database.insert(Self.insertSQL, Self.bindings(block))
    }

    /// Creates many blocks in one transaction (an import): all of them or, on a failure, none.
    /// - Throws: `StorageError` if a row can't be written; nothing is kept then.
    public func create(contentsOf blocks: [Block]) throws {
        try database.transaction { transaction in
            for block in blocks { try transaction.execute(Self.insertSQL, Self.bindings(block)) }
        }
    }

    private static let insertSQL = "INSERT INTO blocks (id, title, hours, createdAt) VALUES (?, ?, ?, ?)"

    private static func bindings(_ block: Block) -> [SQLiteValue] {
        [SQLiteValue(block.id), .text(block.title), SQLiteValue(block.length.hours), SQLiteValue(block.createdAt)]
    }

    public func update(_ block: Block) throws {
        try database.change("UPDATE blocks SET title = ?, hours = ? WHERE id = ?",
                            [.text(block.title), SQLiteValue(block.length.hours), SQLiteValue(block.id)],
                            notFound: .notFound(.block, block.id))
    }

    public func delete(id: UUID) throws {
        try database.change("DELETE FROM blocks WHERE id = ?", [SQLiteValue(id)], notFound: .notFound(.block, id))
    }

    private static func block(_ row: SQLiteRow) throws -> Block {
        let hours = try row.int("hours")
        guard let length = BlockLength(rawValue: hours) else {
            throw StorageError(message: "a block is \(hours) hours long, which Strata does not support")
        }
        return Block(id: try row.uuid("id"), title: try row.string("title"), length: length,
                     createdAt: try row.date("createdAt"))
    }
}
