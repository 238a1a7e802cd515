@testable import BlocksData
import Foundation
import StrataStorage
import Testing

@Suite struct UUIDStorageTests {
    @Test func idsRoundTripAsCanonicalText() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE items (id TEXT)")
        let ids = (0..<50).map { _ in UUID() } + [UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
                                                   UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!]
        for id in ids { try database.execute("INSERT INTO items (id) VALUES (?)", [SQLiteValue(id)]) }
        let rows = try database.query("SELECT id FROM items")
        #expect(try rows.map { try $0.uuid("id") } == ids)
        #expect(try rows.map { try $0.string("id") } == ids.map(\.uuidString), "stored text is Foundation's canonical form")
    }

    @Test func lowercaseTextReadsAndNonUUIDTextIsAnError() throws {
        let database = try SQLiteDatabase.inMemory()
        let row = try #require(try database.query("SELECT 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f' AS a, 'E621E1F8C36C495A93FC0C247A3E6E5F----' AS b, 'nope' AS c").first)
        #expect(try row.uuid("a") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(throws: StorageError.self) { try row.uuid("b") }
        let error = try #require(throws: StorageError.self) { try row.uuid("c") }
        #expect(error.message.contains("'nope', which is not a UUID"))
    }
}
