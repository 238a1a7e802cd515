import BlocksData
import BlocksDomain
import BlocksTesting
import Foundation
import StrataStorage
import Testing

struct SQLiteRepositoryTests {
    let file: TemporaryDatabase

    init() throws { file = try TemporaryDatabase() }

    @Test func blocksRoundTripNewestFirstAcrossConnections() throws {
        let repository = try SQLiteItemRepository<Block>(database: file.open())
        let old = Block.stub(id: UUID(), title: "Old", length: .three, createdAt: Date(timeIntervalSince1970: 1_000.25))
        let new = Block.stub(id: UUID(), title: "New", length: .twelve, createdAt: Date(timeIntervalSince1970: 2_000.5))
        try repository.create(old)
        try repository.create(new)
        let reopened = try SQLiteItemRepository<Block>(database: file.open())
        #expect(try reopened.fetchAll() == [new, old])
        #expect(try reopened.fetch(id: old.id) == old)
    }

    @Test func titlesAreBoundNotSpliced() throws {
        let repository = try SQLiteItemRepository<Block>(database: file.open())
        let title = "Robert'); DROP TABLE blocks; -- \"quoted\" ü"
        let block = Block.stub(id: UUID(), title: title)
        try repository.create(block)
        #expect(try repository.fetchAll().map(\.title) == [title])
    }

    @Test func updateAndDeleteByIdWithNotFoundForUnknownIds() throws {
        let repository = try SQLiteItemRepository<Block>(database: file.open())
        let block = Block.stub()
        try repository.create(block)
        var edited = block
        edited.title = "Edited"
        edited.length = .six
        try repository.update(edited)
        #expect(try repository.fetch(id: block.id) == edited)

        let unknown = Block.stub(id: UUID())
        #expect(throws: BlocksError.notFound(.block, unknown.id)) { try repository.update(unknown) }
        #expect(throws: BlocksError.notFound(.block, unknown.id)) { try repository.delete(id: unknown.id) }
        #expect(throws: BlocksError.notFound(.block, unknown.id)) { try repository.fetch(id: unknown.id) }

        try repository.delete(id: block.id)
        #expect(try repository.fetchAll().isEmpty)
        #expect(throws: BlocksError.notFound(.block, block.id)) { try repository.delete(id: block.id) }
    }

    @Test func aFailedWriteLeavesTheTableAsItWas() throws {
        let repository = try SQLiteItemRepository<Block>(database: file.open())
        let block = Block.stub()
        try repository.create(block)
        // Same id again: the primary key refuses it and nothing changes.
        #expect(throws: StorageError.self) { try repository.create(Block.stub(title: "Duplicate")) }
        #expect(try repository.fetchAll() == [block])
    }

    @Test func dailiesRoundTripAndUpdate() throws {
        let repository = try SQLiteItemRepository<Daily>(database: file.open())
        let first = Daily.stub(id: UUID(), createdAt: Date(timeIntervalSince1970: 10))
        let second = Daily.stub(id: UUID(), title: "Gym", startSeconds: 0, repeatCount: 1, createdAt: Date(timeIntervalSince1970: 20))
        try repository.create(first)
        try repository.create(second)
        var edited = first
        edited.repeatCount = 2
        edited.breakSeconds = 300
        try repository.update(edited)
        #expect(try SQLiteItemRepository<Daily>(database: file.open()).fetchAll() == [second, edited])
        #expect(throws: BlocksError.notFound(.daily, UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)) {
            try repository.delete(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        }
    }

    @Test func timersRoundTripAndDelete() throws {
        let repository = try SQLiteItemRepository<FocusTimer>(database: file.open())
        let timer = FocusTimer.stub()
        try repository.create(timer)
        #expect(try SQLiteItemRepository<FocusTimer>(database: file.open()).fetchAll() == [timer])
        try repository.delete(id: timer.id)
        #expect(try repository.fetchAll().isEmpty)
        #expect(throws: BlocksError.notFound(.timer, timer.id)) { try repository.update(timer) }
    }

    @Test func theRunningModeSurvivesReopeningAndClears() throws {
        let repository = try SQLiteRunningModeRepository(database: file.open())
        #expect(try repository.load() == nil)
        let first = RunningMode(kind: .timer, itemID: UUID(), startedAt: Date(timeIntervalSince1970: 1_800_000_000.75))
        let second = RunningMode(kind: .daily, itemID: UUID(), startedAt: Date(timeIntervalSince1970: 1_800_000_100))
        try repository.save(first)
        try repository.save(second)
        #expect(try SQLiteRunningModeRepository(database: file.open()).load() == second)
        try repository.clear()
        #expect(try SQLiteRunningModeRepository(database: file.open()).load() == nil)
    }
}
