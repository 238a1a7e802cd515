import BlocksDomain
import Foundation
import StrataBase
import StrataPluginKit
import StrataRuntime
import StrataStorage
import Testing
@testable import BlocksPlugin

/// Blocks' typed composition root: the item use cases and the clock's use cases it makes share the
/// repositories it made once, in one database, and read the clock it was given.
final class BlocksDIContainerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-container-\(UUID().uuidString)")
    let clock = ManualWallClock(start: Timestamp(secondsSince1970: ISO8601DateFormatter().date(from: "2026-06-10T09:20:00Z")!.timeIntervalSince1970))
    lazy var container = BlocksDIContainer(dependencies: .init(
        settings: BlocksSettings(SettingValues(["timeZone": .string("Europe/Berlin")])), dataDirectory: folder, environment: [:],
        databaseOpener: { SQLiteDatabaseOpener() }, wallClock: { [clock] in clock }))

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func aBlockAddedIsStartedByTheClockAndDeletingItStopsTheClock() throws {
        let block = try container.makeBlockUseCases().create.execute(BlockDraft(title: "Deep work", hours: 4))
        #expect(try container.makeBlockUseCases().fetch.fetchAll().map(\.id) == [block.id])
        #expect(try container.makeDailyUseCases().fetch.fetchAll().isEmpty && container.makeTimerUseCases().fetch.fetchAll().isEmpty)

        _ = try container.makeModeStartUseCase().execute(.block, id: block.id)
        #expect(try container.makeClockFetchUseCase().execute()?.mode.itemID == block.id)
        try container.makeBlockUseCases().delete.execute(id: block.id)
        #expect(try container.makeClockFetchUseCase().execute()?.mode.itemID == nil, "the delete use case shares the clock's running mode")
    }

    @Test func theDatabaseAndTheCalendarAreMadeOnceAndTheClockIsTheOneGiven() throws {
        #expect(try container.makeDatabase() === container.makeDatabase())
        #expect(try container.makeCalendar().timeZone.identifier == "Europe/Berlin")
        clock.advance(by: 42)
        #expect(try container.makeBlocksClock().now() == Date(timeIntervalSince1970: clock.now().secondsSince1970))
    }
}
