import Foundation
import RunningDomain
import StrataBase
import StrataPluginKit
import StrataRuntime
import StrataStorage
import Synchronization
import Testing
@testable import RunningPlugin

/// Running's typed composition root: the use cases it makes share the history it made once, over the
/// host's database opener asked once, and read the clock and the tracks it was given.
final class RunningDIContainerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("running-container-\(UUID().uuidString)")
    let track = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Data/gpx/togeojson_run.gpx").standardizedFileURL
    let clock = ManualWallClock(start: Timestamp(secondsSince1970: 1_800_000_000))
    /// How many times the container asked for the host's database opener.
    let openerRequests = Counter()
    lazy var container = RunningDIContainer(dependencies: .init(
        settings: RunningSettings(SettingValues()), dataDirectory: folder, environment: [:],
        databaseOpener: { [openerRequests] in
            openerRequests.value.withLock { $0 += 1 }
            return SQLiteDatabaseOpener()
        },
        wallClock: { [clock] in clock }))

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func anImportedRunIsInTheHistoryAndTheRecordsOfTheSameContainer() async throws {
        let run = try await container.makeTrackRepository().track(at: track)
        let record = try await container.makeImportRunUseCase().execute(run, pace: nil, nickname: "ada", weightKg: 60)
        #expect(try await container.makeFetchHistoryUseCase().execute().map(\.startedAt) == [record.startedAt])
        let month = YearMonth(date: record.startedAt, calendar: .current)
        #expect(try await container.makeFetchRecordsUseCase().execute(month: month).activeMonths == [month])
        #expect(openerRequests.value.withLock { $0 } == 1, "one history, in one database")
    }

    @Test func theRunClockIsTheHostsWallClock() throws {
        clock.advance(by: 42)
        #expect(try container.makeRunClock().now() == Date(timeIntervalSince1970: clock.now().secondsSince1970))
    }
}

final class Counter: Sendable {
    let value = Mutex(0)
}
