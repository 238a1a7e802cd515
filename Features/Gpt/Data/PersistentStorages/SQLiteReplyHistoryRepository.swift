import Foundation
import GptDomain
import StrataStorage

/// Each local user's replies in the plugin's SQLite file (beside the uses), newest first.
public struct SQLiteReplyHistoryRepository: ReplyHistoryRepository {
    private let database: SQLiteDatabase

    /// Opens the repository, bringing the schema up to date.
    /// - Throws: `StorageError` if the schema can't be created or is newer than this build.
    public init(database: SQLiteDatabase) throws {
        try database.migrate(GptSchema.migrations)
        self.database = database
    }

    public func add(_ entry: HistoryEntry, userID: String) async throws {
        try database.execute(
            """
            INSERT INTO gpt_replies (user_id, asked_at, persona_id, persona_name, trouble, reply, truncated)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(userID), .real(entry.askedAt.timeIntervalSince1970), .text(entry.personaID), .text(entry.personaName),
                .text(entry.trouble), .text(entry.reply), .integer(entry.isTruncated ? 1 : 0),
            ])
    }

    public func entries(userID: String) async throws -> [HistoryEntry] {
        try database.query(
            """
            SELECT asked_at, persona_id, persona_name, trouble, reply, truncated FROM gpt_replies
            WHERE user_id = ? ORDER BY asked_at DESC, id DESC
            """, [.text(userID)]
        ).map { row in
            HistoryEntry(
                askedAt: Date(timeIntervalSince1970: try row.double("asked_at")), personaID: try row.string("persona_id"),
                personaName: try row.string("persona_name"), trouble: try row.string("trouble"),
                reply: try row.string("reply"), isTruncated: try row.int("truncated") != 0)
        }
    }

    public func forget(userID: String) async throws {
        try database.execute("DELETE FROM gpt_replies WHERE user_id = ?", [.text(userID)])
    }
}
