import Foundation
import GptData
import GptDomain
import StrataStorage
import Testing

struct SQLiteReplyHistoryRepositoryTests {
    let file: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-history-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("gpt.sqlite")
    }()

    func entry(_ trouble: String, at seconds: TimeInterval, reply: String = "What luck!") -> HistoryEntry {
        HistoryEntry(askedAt: Date(timeIntervalSince1970: seconds), personaID: "lucky", personaName: "Lucky Vicky",
                     trouble: trouble, reply: reply)
    }

    @Test func repliesSurviveReopeningNewestFirstPerUser() async throws {
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let writer = try SQLiteReplyHistoryRepository(database: SQLiteDatabase(path: file.path))
        try await writer.add(entry("first", at: 100), userID: "mina")
        try await writer.add(entry("second, same second", at: 200, reply: "line one\nline two"), userID: "mina")
        try await writer.add(entry("third, same second", at: 200), userID: "mina")
        try await writer.add(HistoryEntry(askedAt: Date(timeIntervalSince1970: 300), personaID: "stoic", personaName: "Marcus",
                                          trouble: "jun's", reply: "Calm.", isTruncated: true), userID: "jun")

        let reopened = try SQLiteReplyHistoryRepository(database: SQLiteDatabase(path: file.path))
        #expect(try await reopened.entries(userID: "mina").map(\.trouble) == ["third, same second", "second, same second", "first"])
        #expect(try await reopened.entries(userID: "mina")[1].reply == "line one\nline two")
        #expect(try await reopened.entries(userID: "jun") == [HistoryEntry(askedAt: Date(timeIntervalSince1970: 300), personaID: "stoic",
                                                                          personaName: "Marcus", trouble: "jun's", reply: "Calm.",
                                                                          isTruncated: true)])

        try await reopened.forget(userID: "mina")
        #expect(try await writer.entries(userID: "mina").isEmpty)
        #expect(try await writer.entries(userID: "jun").count == 1)
    }

    /// The history sits beside the uses in one file: both open it, and forgetting the uses leaves others'.
    @Test func theUsesAndTheHistoryShareTheFile() async throws {
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let database = try SQLiteDatabase(path: file.path)
        let usage = try SQLiteUsageRepository(database: database)
        let history = try SQLiteReplyHistoryRepository(database: database)
        let day = CalendarDay(year: 2026, month: 3, day: 10), now = Date(timeIntervalSince1970: 1_773_100_000)
        for user in ["mina", "jun"] {
            let reservation = try #require(try await usage.reserveUse(userID: user, on: day, limit: 5, at: now))
            _ = try await usage.confirm(reservation)
        }
        try await history.add(entry("t", at: 1), userID: "mina")
        try await usage.forget(userID: "mina")
        #expect(try await usage.uses(userID: "mina", on: day, at: now) == 0)
        #expect(try await usage.uses(userID: "jun", on: day, at: now) == 1)
        #expect(try await history.entries(userID: "mina").count == 1, "forgetting uses leaves the history to its own repository")
    }
}
