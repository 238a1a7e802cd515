import Foundation
@testable import RunningDomain
import RunningTesting
import Testing

/// A run a watch recorded goes into the history at its own date and time, once.
struct ImportRunUseCaseTests {
    let history = InMemoryRunHistoryRepository()

    @Test func aRecordedRunIsSavedAtItsOwnTimeAloneToItsWholeLength() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let track = RunTrack.stub(km: 2, secondsPerKm: 330, start: start, fileName: "morning.gpx")
        let record = try await DefaultImportRunUseCase(history: history).execute(track, nickname: "ana", weightKg: 60)
        #expect(record.startedAt == start)
        #expect(record.result.mode == .single && record.result.ending == .finished)
        #expect(record.result.distanceKm == 2 && record.result.targetDistanceKm == 2)
        #expect(record.result.elapsedSeconds == 660)
        #expect(record.result.calories > 0)
        #expect(record.route.fileName == "morning.gpx")
        #expect(try await history.allRuns() == [record])
    }

    @Test func theSameRunIsNotImportedTwice() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let track = RunTrack.stub(km: 1, start: start, fileName: "morning.gpx")
        let importer = DefaultImportRunUseCase(history: history)
        _ = try await importer.execute(track, nickname: "ana", weightKg: 60)
        await #expect(throws: ImportProblem.alreadyImported(fileName: "morning.gpx", startedAt: start)) {
            try await importer.execute(track, nickname: "ana", weightKg: 60)
        }
        #expect(try await history.allRuns().count == 1)
    }

    @Test func aTrackWithoutTimesIsARouteNotARun() async throws {
        await #expect(throws: ImportProblem.noTimes(fileName: "route.gpx")) {
            try await DefaultImportRunUseCase(history: history)
                .execute(.stub(km: 1, timed: false, fileName: "route.gpx"), nickname: "ana", weightKg: 60)
        }
        #expect(try await history.allRuns().isEmpty)
    }
}
