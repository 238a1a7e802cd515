import Foundation
import Testing
import RunningDomain
import RunningTesting
import StrataStorage
@testable import RunningData

struct SQLiteRunHistoryRepositoryTests {
    private func date(_ text: String) -> Date { GPXTime.parse(text)! }

    @Test func savedRunsComeBackWholeAndNewestFirst() async throws {
        let repository = try SQLiteRunHistoryRepository(database: .inMemory())
        let race = RunningResult.stub(mode: .race, targetKm: 5, distanceKm: 4.2, elapsedSeconds: 1400, calories: 250.5,
                                      ending: .cancelledByMate, mate: MateResult(nickname: "kim", distanceKm: 4.4, elapsedSeconds: 1400))
        let route = RouteSummary(name: "Friday Evening Run", fileName: "friday.gpx", pointCount: 17, segmentCount: 3, lengthKm: 0.0877)
        let older = try await repository.save(.stub(startedAt: date("2026-11-01T06:00:00Z")))
        let newer = try await repository.save(RunRecord(startedAt: date("2026-11-20T06:00:00Z"), result: race, route: route))
        #expect(older.id == 1 && newer.id == 2)
        let runs = try await repository.allRuns()
        #expect(runs == [newer, older])
        #expect(runs[0].result.isUserWinner == false)
        #expect(runs[0].result.mate?.nickname == "kim")
        #expect(runs[1].result.mate == nil)
    }

    @Test func historySurvivesReopeningTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("running-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("running.sqlite")
        let first = try SQLiteRunHistoryRepository(database: SQLiteDatabaseOpener().open(url.path))
        try await first.save(.stub(startedAt: date("2026-10-31T23:00:00Z"), result: .stub(distanceKm: 5, elapsedSeconds: 1500, calories: 300)))
        try await first.save(.stub(startedAt: date("2026-11-02T07:00:00Z"), result: .stub(distanceKm: 2, elapsedSeconds: 700, calories: 90, ending: .cancelled)))
        let reopened = try SQLiteRunHistoryRepository(database: SQLiteDatabaseOpener().open(url.path))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let records = try await DefaultFetchRecordsUseCase(history: reopened, calendar: utc).execute(month: YearMonth("2026-11")!)
        #expect(records.cumulative == CumulativeRecord(runs: 2, distanceKm: 7, elapsedSeconds: 2200, calories: 390))
        #expect(records.monthly == MonthlyRecord(month: YearMonth("2026-11")!, runs: 1, distanceKm: 2, elapsedSeconds: 700))
    }

    @Test func aRunUseCaseSavesIntoSQLite() async throws {
        let repository = try SQLiteRunHistoryRepository(database: .inMemory())
        let track = try GPXParser().parse(contentsOf: GPXFixtures.url("togeojson_run.gpx")).runTrack(fileName: "run.gpx")
        let request = RunRequest(setting: RunningSetting(mode: .single, targetDistanceKm: 3, myNickname: "me"),
                                 timeline: try ReplayTimeline(track: track, pace: nil), route: track.summary,
                                 weightKg: 65, speed: 0)
        let result = try await DefaultRunUseCase(clock: ManualRunClock(), history: repository)
            .execute(request, control: RunControl()) { _ in }
        #expect(result.ending == .finished)
        #expect(result.distanceKm == 3)
        #expect(result.elapsedSeconds > 800 && result.elapsedSeconds < 948)
        let saved = try await repository.allRuns()
        #expect(saved.map(\.result) == [result])
        #expect(saved.first?.route.name == "Untitled")
        #expect(saved.first?.route.pointCount == 206)
    }
}
